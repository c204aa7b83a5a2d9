import type { SeeReason } from '../../functions/access/index.ts';
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
  /** Why a channel or title is refused, under «Нет доступа» or «Контент недоступен» (functions/access reasons). */
  refusedWhy: {
    channel: {
      kid_profile:
        'Этот канал не\u00a0для детского профиля: он для тех, кто постарше. Переключитесь на\u00a0взрослый профиль, чтобы его смотреть.',
      age_restricted: 'Этот канал выше возрастного ограничения, выбранного в\u00a0профиле.',
      region_restricted: 'Этот канал недоступен в\u00a0вашем регионе.',
    },
    title: {
      kid_profile:
        'Этот фильм или сериал не\u00a0для детского профиля: он для тех, кто постарше. Переключитесь на\u00a0взрослый профиль, чтобы его смотреть.',
      age_restricted:
        'Этот фильм или сериал выше возрастного ограничения, выбранного в\u00a0профиле.',
      region_restricted: 'Этот фильм или сериал недоступен в\u00a0вашем регионе.',
    },
  } satisfies Record<'channel' | 'title', Record<SeeReason, string>>,
  switchProfile: 'Сменить профиль',
  /** What a screen reader reads for an age badge («18+» alone says nothing). */
  ageRating: (label: string) => `Возрастное ограничение ${label}`,
  /** What a screen reader reads for «★ 8.1». */
  rating: (value: string) => `Рейтинг ${value}`,
  /** The label of the episode a link led to (or that plays) in a season's list. */
  currentEpisode: 'Выбрана',
  /** An episode anyone who may see the series plays without a subscription. */
  freeEpisode: 'Бесплатно',
} as const;

/** What a title is, as cards and title pages name it. */
export const titleTypeLabels = {
  movie: 'Фильм',
  series: 'Сериал',
  kids: 'Детям',
  trailer: 'Трейлер',
} as const satisfies Record<TitleType, string>;
