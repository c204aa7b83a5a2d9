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
} as const;
