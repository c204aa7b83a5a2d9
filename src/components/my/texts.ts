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
  unfavourite: (name: string) => `Убрать «${name}» из избранного`,
  selectDate: (heading: string) => `Выбрать всё за ${heading.toLowerCase()}`,
  more: 'Показать ещё',
  clear: 'Очистить историю',
  favouritesCount: (n: number) => `В избранном: ${n}`,
  historyCount: (n: number) => `В истории: ${n}`,
  favouritesEmpty:
    'В избранном пока ничего нет. Добавляйте фильмы и сериалы кнопкой «В избранное» на их страницах.',
  historyEmpty: 'История просмотра пуста. Здесь появится всё, что вы смотрите.',
  continueEmpty: 'Здесь появятся фильмы и сериалы, которые вы начали смотреть.',
  continueRemove: (name: string) => `Убрать «${name}» из «Продолжить просмотр»`,
  continueRemoveFailed: 'Не получилось убрать: сервис недоступен, попробуйте позже',
  episode: (season: number, number: number) => `${season} сезон, ${number} серия`,
  watched: (percent: number) => `Просмотрено ${percent}\u00a0%`,
  editHint: 'Чтобы выбирать и удалять, нужен JavaScript.',
  /** spec, docs/product.md, «When things go wrong»: favourite removal not 204 */
  errorTitle: 'Ошибка',
  errorText: 'Сервис недоступен, попробуйте позже',
  errorButton: 'Закрыть',
  errorImage: 'Что-то пошло не так',
  /** The history's date headings (docs/product.md, «Screens and routes»: grouped by date). */
  today: 'Сегодня',
  yesterday: 'Вчера',
  /** The title page's buttons (TitleActions.astro). */
  addFavourite: 'В избранное',
  inFavourites: 'В избранном',
  like: 'Нравится',
  dislike: 'Не нравится',
} as const;
