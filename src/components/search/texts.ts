import { pluralForm } from '../../../functions/shared/ru.ts';

/** Texts of the search page and its search box. */
export const searchTexts = {
  label: 'Название, актёр или режиссёр',
  submit: 'Найти',
  suggestions: 'Подсказки',
  /** How many titles match: «Нашлось 21 результат», «Нашлось 228 результатов». */
  found: (n: number) =>
    `Нашлось ${n} ${pluralForm(n, { one: 'результат', few: 'результата', many: 'результатов' })}`,
  nothing: 'Ничего не\u00a0нашлось',
  nothingFor: (query: string) => `По\u00a0запросу «${query}» ничего не\u00a0нашлось`,
  /** When the words as typed found nothing and another spelling or keyboard layout did. */
  correctedTo: (query: string) => `Показаны результаты по\u00a0запросу «${query}»`,
  more: 'Показать ещё',
  previous: 'Предыдущие',
  pages: 'Страницы результатов',
  pageOf: (page: number, pages: number) => `Страница ${page} из\u00a0${pages}`,
  /** Said after «Показать ещё» brings the next results in place. */
  shown: (shown: number, total: number) => `Показано ${shown} из\u00a0${total}`,
} as const;
