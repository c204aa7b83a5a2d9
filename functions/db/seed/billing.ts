/**
 * What the service sells (docs/product.md, «Money»): a tariff per product with its price list,
 * named offers on the main subscription's monthly price, and the paywalls. Prices are kopecks with
 * VAT (22 %); `excl_tax` is the same price without it. Ids are fixed so links are stable.
 */
import { typeset } from '../../lib/typeset.ts';
import { insertIgnore } from './sql.ts';

const VAT = 22;
const DAY = 86_400;
const exclTax = (price: number) => Math.round((price * 100) / (100 + VAT));

export const tariffs = [
  // SVOD: one tariff per subscription product; each partner's paywall is named after it.
  {
    id: 1,
    slug: 'amediateka',
    product_id: 1,
    buy_type: 'SVOD',
    name: 'Амедиатека',
    description: 'Сериалы и фильмы Амедиатеки, HBO и премьеры в день выхода',
    paywall_slug: 'default',
    giftable: 1,
    sort: 1,
  },
  {
    id: 2,
    slug: 'hbo-max',
    product_id: 2,
    buy_type: 'SVOD',
    name: 'HBO Max',
    description: 'Сериалы и фильмы HBO Max',
    paywall_slug: 'hbo-max',
    giftable: 1,
    sort: 2,
  },
  {
    id: 3,
    slug: 'paramount-plus',
    product_id: 3,
    buy_type: 'SVOD',
    name: 'Paramount+',
    description: 'Сериалы и фильмы Paramount+',
    paywall_slug: 'paramount-plus',
    giftable: 0,
    sort: 3,
  },
  {
    id: 4,
    slug: 'kino1tv',
    product_id: 4,
    buy_type: 'SVOD',
    name: 'Кино1ТВ',
    description: 'Фильмы и сериалы Кино1ТВ',
    paywall_slug: 'kino1tv',
    giftable: 0,
    sort: 4,
  },
  {
    id: 5,
    slug: 'dazn',
    product_id: 5,
    buy_type: 'SVOD',
    name: 'DAZN',
    description: 'Спорт DAZN: трансляции и повторы',
    paywall_slug: 'dazn',
    giftable: 0,
    sort: 5,
  },
  // TVOD: 30 days to start, 48 hours once started. EST: for good.
  {
    id: 6,
    slug: 'rent-hd',
    product_id: 6,
    buy_type: 'TVOD',
    name: 'Аренда в HD',
    description: '30 дней, чтобы начать, и 48 часов с начала просмотра',
    rental_start_seconds: 30 * DAY,
    rental_window_seconds: 2 * DAY,
    paywall_slug: 'film',
    sort: 6,
  },
  {
    id: 7,
    slug: 'buy-hd',
    product_id: 7,
    buy_type: 'EST',
    name: 'Покупка в HD',
    description: 'Навсегда в вашей библиотеке',
    paywall_slug: 'film',
    sort: 7,
  },
  {
    id: 8,
    slug: 'buy-4k',
    product_id: 8,
    buy_type: 'EST',
    name: 'Покупка в 4K',
    description: 'Навсегда в вашей библиотеке, в 4K',
    paywall_slug: 'film',
    sort: 8,
  },
  // The old monthly tariff, no longer sold: its subscribers do not count as subscribed.
  {
    id: 9,
    slug: 'amediateka-legacy',
    product_id: 1,
    buy_type: 'SVOD',
    name: 'Амедиатека (архивный тариф)',
    description: '',
    paywall_slug: null,
    legacy: 1,
    on_sale: 0,
    sort: 9,
  },
].map((t) => ({
  rental_start_seconds: null,
  rental_window_seconds: null,
  giftable: 0,
  legacy: 0,
  on_sale: 1,
  ...t,
}));

const price = (id: number, tariff_id: number, period_duration: number, rub: number, sort = 0) => ({
  id,
  tariff_id,
  period_duration,
  price: rub * 100,
  excl_tax: exclTax(rub * 100),
  vat_rate: VAT,
  on_sale: 1,
  sort,
});

export const tariffPrices = [
  price(1, 1, 30, 599, 1),
  price(2, 1, 90, 1499, 2),
  price(3, 1, 365, 4990, 3),
  price(4, 2, 30, 399, 1),
  price(5, 2, 365, 3490, 2),
  price(6, 3, 30, 299),
  price(7, 4, 30, 199),
  price(8, 5, 30, 499),
  price(9, 6, 0, 199),
  price(10, 7, 0, 499),
  price(11, 8, 0, 799),
  { ...price(12, 9, 30, 399), on_sale: 0 },
];

/**
 * The retention offer of every renewable price (docs/product.md, «Money»): the next renewal at
 * half price — a monthly one for three months, a longer one for its own period.
 */
const retention = (id: number, priceId: number) => {
  const p = tariffPrices.find((x) => x.id === priceId)!;
  const rub = p.price / 100;
  const half = Math.round(rub / 2);
  const monthly = p.period_duration === 30;
  const yearly = p.period_duration === 365;
  return {
    id,
    price_id: priceId,
    name: 'retention',
    first_price: (monthly ? 3 * half : half) * 100,
    first_period_days: monthly ? 90 : p.period_duration,
    title: yearly ? 'Год за полцены' : 'Три месяца за полцены',
    description: monthly
      ? `${half} ₽ в месяц вместо ${rub} ₽ следующие три месяца`
      : `${half} ₽ вместо ${rub} ₽ за следующ${yearly ? 'ий год' : 'ие три месяца'}`,
    button_text: 'Получить скидку',
  };
};

export const priceOffers = [
  {
    id: 1,
    price_id: 1,
    name: 'new_user',
    first_price: 100,
    first_period_days: 30,
    title: 'Первый месяц за 1 ₽',
    description: 'Затем 599 ₽ в месяц. Отключить продление можно в любой момент',
    button_text: 'Попробовать за 1 ₽',
  },
  {
    id: 2,
    price_id: 1,
    name: 'retention',
    first_price: 89_700,
    first_period_days: 90,
    title: 'Три месяца за полцены',
    description: '299 ₽ в месяц вместо 599 ₽ следующие три месяца',
    button_text: 'Получить скидку',
  },
  {
    id: 3,
    price_id: 1,
    name: 'offer2',
    first_price: 19_900,
    first_period_days: 30,
    title: 'Первый месяц за 199 ₽',
    description: 'Затем 599 ₽ в месяц',
    button_text: 'Подключить за 199 ₽',
  },
  {
    id: 4,
    price_id: 1,
    name: 'free_days',
    first_price: 0,
    first_period_days: 7,
    title: '7 дней бесплатно',
    description: 'Затем 599 ₽ в месяц. Отключить продление можно в любой момент',
    button_text: 'Смотреть 7 дней бесплатно',
  },
  // Every other renewable price, partners' included.
  retention(5, 2),
  retention(6, 3),
  retention(7, 4),
  retention(8, 5),
  retention(9, 6),
  retention(10, 7),
  retention(11, 8),
];

export const paywalls = [
  {
    slug: 'default',
    kind: 'catalogue',
    title: 'Подписка Амедиатека',
    description: 'Главные сериалы и фильмы мира без рекламы',
    button_text: 'Оформить подписку',
    offer_name: null,
    params: '{}',
  },
  {
    slug: 'new-user',
    kind: 'catalogue',
    title: 'Первый месяц за 1 ₽',
    description: 'Главные сериалы и фильмы мира без рекламы',
    button_text: 'Попробовать за 1 ₽',
    offer_name: 'new_user',
    params: '{}',
  },
  {
    slug: 'hbo-max',
    kind: 'catalogue',
    title: 'Подписка HBO Max',
    description: 'Сериалы и фильмы HBO Max',
    button_text: 'Оформить подписку',
    offer_name: null,
    params: '{"isHBO":true}',
  },
  {
    slug: 'paramount-plus',
    kind: 'catalogue',
    title: 'Подписка Paramount+',
    description: 'Сериалы и фильмы Paramount+',
    button_text: 'Оформить подписку',
    offer_name: null,
    params: '{}',
  },
  {
    slug: 'kino1tv',
    kind: 'catalogue',
    title: 'Подписка Кино1ТВ',
    description: 'Фильмы и сериалы Кино1ТВ',
    button_text: 'Оформить подписку',
    offer_name: null,
    params: '{}',
  },
  {
    slug: 'dazn',
    kind: 'catalogue',
    title: 'Подписка DAZN',
    description: 'Спорт DAZN',
    button_text: 'Оформить подписку',
    offer_name: null,
    params: '{}',
  },
  {
    slug: 'film',
    kind: 'catalogue',
    title: 'Аренда и покупка',
    description: 'Смотрите фильм без подписки',
    button_text: 'Выбрать',
    offer_name: null,
    params: '{}',
  },
  {
    slug: 'retention',
    kind: 'retention',
    title: 'Останьтесь с нами',
    description: 'Три месяца за полцены',
    button_text: 'Получить скидку',
    offer_name: 'retention',
    params: '{}',
  },
];

export const paywallTariffs = [
  { paywall_slug: 'default', tariff_id: 1, sort: 1 },
  { paywall_slug: 'new-user', tariff_id: 1, sort: 1 },
  { paywall_slug: 'hbo-max', tariff_id: 2, sort: 1 },
  { paywall_slug: 'paramount-plus', tariff_id: 3, sort: 1 },
  { paywall_slug: 'kino1tv', tariff_id: 4, sort: 1 },
  { paywall_slug: 'dazn', tariff_id: 5, sort: 1 },
  { paywall_slug: 'film', tariff_id: 6, sort: 1 },
  { paywall_slug: 'film', tariff_id: 7, sort: 2 },
  { paywall_slug: 'film', tariff_id: 8, sort: 3 },
  // The retention paywall holds every renewable tariff; it shows the one of the subscription asked.
  { paywall_slug: 'retention', tariff_id: 1, sort: 1 },
  { paywall_slug: 'retention', tariff_id: 2, sort: 2 },
  { paywall_slug: 'retention', tariff_id: 3, sort: 3 },
  { paywall_slug: 'retention', tariff_id: 4, sort: 4 },
  { paywall_slug: 'retention', tariff_id: 5, sort: 5 },
];

/** The billing catalogue as idempotent inserts (after the catalogue's products). */
export function billingSql(): string {
  // Stored typeset, as the CMS would write them (functions/lib/typeset.ts).
  const texts = <T extends Record<string, unknown>>(row: T): T => {
    const out: Record<string, unknown> = { ...row };
    for (const key of ['name', 'title', 'description', 'button_text'])
      if (typeof out[key] === 'string') out[key] = typeset(out[key] as string);
    return out as T;
  };
  return [
    insertIgnore('tariffs', tariffs.map(texts)),
    insertIgnore('tariff_prices', tariffPrices),
    insertIgnore('price_offers', priceOffers.map(texts)),
    insertIgnore('paywalls', paywalls.map(texts)),
    insertIgnore('paywall_tariffs', paywallTariffs),
  ].join('\n');
}
