import { SITE_NAME } from '../../../functions/shared/site.ts';

/** Russian texts of the /my pages, their islands and the title page's favourite and vote buttons. */
export const myPageTexts = {
  /** A /my page's document title. */
  pageTitle: (name: string) => `${name} | ${SITE_NAME}`,
  hubTitle: 'Моё',
  favouritesTitle: 'Избранное',
  historyTitle: 'История просмотра',
  continueTitle: 'Продолжить просмотр',
  all: 'Смотреть все',
  edit: 'Редактировать',
  cancel: 'Отменить',
  selectAll: 'Выбрать все',
  unselectAll: 'Снять выбор',
  remove: (n: number) => (n > 0 ? `Удалить (${n})` : 'Удалить'),
  select: (name: string) => `Выбрать «${name}»`,
  play: (name: string) => `Смотреть «${name}»`,
  unfavourite: (name: string) => `Убрать «${name}» из\u00a0избранного`,
  selectDate: (heading: string) => `Выбрать всё за\u00a0${heading.toLowerCase()}`,
  more: 'Показать ещё',
  clear: 'Очистить историю',
  favouritesCount: (n: number) => `В\u00a0избранном: ${n}`,
  historyCount: (n: number) => `В\u00a0истории: ${n}`,
  favouritesEmpty:
    'В\u00a0избранном пока ничего\u00a0нет. Добавляйте фильмы и\u00a0сериалы кнопкой «В\u00a0избранное» на\u00a0их\u00a0страницах.',
  historyEmpty: 'История просмотра пуста. Здесь появится всё, что вы\u00a0смотрите.',
  continueEmpty: 'Здесь появятся фильмы и\u00a0сериалы, которые вы\u00a0начали смотреть.',
  continueRemove: (name: string) => `Убрать «${name}» из\u00a0«Продолжить просмотр»`,
  continueRemoveFailed: 'Не\u00a0получилось убрать: сервис недоступен, попробуйте позже',
  episode: (season: number, number: number) => `${season} сезон, ${number} серия`,
  watched: (percent: number) => `Просмотрено ${percent}\u00a0%`,
  editHint: 'Чтобы выбирать и\u00a0удалять, нужен JavaScript.',
  /** spec, docs/product.md, «When things go wrong»: favourite removal not 204 */
  errorTitle: 'Ошибка',
  errorText: 'Сервис недоступен, попробуйте позже',
  errorButton: 'Закрыть',
  errorImage: 'Что-то пошло не\u00a0так',
  /** The history's date headings (docs/product.md, «Screens and routes»: grouped by date). */
  today: 'Сегодня',
  yesterday: 'Вчера',
  /** The title page's buttons (TitleActions.astro). */
  addFavourite: 'В\u00a0избранное',
  inFavourites: 'В\u00a0избранном',
  like: 'Нравится',
  dislike: 'Не\u00a0нравится',
} as const;
