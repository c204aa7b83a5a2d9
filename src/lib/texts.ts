import type { TitleType } from '../../functions/domains/catalogue/index.ts';

/** Page texts. Those copied verbatim from the spec say so. */
export const pageTexts = {
  notFoundTitle: 'Страница не найдена',
  notFoundText:
    'Такой страницы нет: возможно, её убрали или в адресе опечатка. Загляните на главную — там много интересного.',
  forbiddenTitle: 'Нет доступа',
  forbiddenText:
    'У вас нет прав на эту страницу. Войдите в другой аккаунт или выберите другой профиль.',
  renderErrorTitle: 'Что-то пошло не так',
  renderErrorText:
    'Мы не смогли показать эту страницу. Обновите её через минуту — мы уже разбираемся.',
  /** spec, docs/product.md, «Screens and routes»: popup title on the watch route */
  watchUnavailableTitle: 'Контент недоступен',
  watchUnavailableText:
    'Этот фильм или сериал нельзя посмотреть в текущем профиле или в вашем регионе.',
  /** spec, docs/product.md, «Screens and routes»: global missing-content popup */
  missingContentTitle: 'Контент временно недоступен',
  /** spec, docs/product.md, «Screens and routes» */
  missingContentText:
    'По загадочным причинам мы не можем найти контент, попробуйте вернуться позднее',
  /** What a screen reader reads for an age badge («18+» alone says nothing). */
  ageRating: (label: string) => `Возрастное ограничение ${label}`,
  /** What a screen reader reads for «★ 8.1». */
  rating: (value: string) => `Рейтинг ${value}`,
  /** The label of the episode a link led to (or that plays) in a season's list. */
  currentEpisode: 'Выбрана',
} as const;

/** What a title is, as cards and title pages name it. */
export const titleTypeLabels = {
  movie: 'Фильм',
  series: 'Сериал',
  kids: 'Детям',
  trailer: 'Трейлер',
} as const satisfies Record<TitleType, string>;
