import type { PageType } from '../../shared/page-type.ts';

/** The staff report's words (src/pages/staff/stats.astro). */
export const analyticsTexts = {
  pageTypes: {
    advantages: 'Преимущества и пейволл',
    home: 'Главная',
    movie: 'Страница фильма',
    payment: 'Оплата',
    purchase: 'Покупки',
    subscription: 'Подписка',
    'payment-history': 'История платежей',
    other: 'Другие',
  } satisfies Record<PageType, string>,
  /** Events without a utm source: typed in, bookmarks, search without tags. */
  direct: 'Без метки (прямые заходы)',
  operations: {
    authenticated: 'Успешная авторизация',
    opened_site: 'Авторизованный клиент открыл сайт',
  } as Record<string, string>,
};
