import { formatRub } from '../../../shared/money.ts';
import { formatDayMonthYear, formatDuration, formatUnit } from '../../../shared/ru.ts';

/** What the viewer reads of the storefront: API errors and the lines of a title's «how to watch». */
export const storeTexts = {
  paywallNotFound: 'Такого предложения нет',
  tariffNotFound: 'Такого тарифа нет',
  priceNotFound: 'Такого периода у\u00a0тарифа нет',
  offerNotFound: 'Это предложение не\u00a0действует для выбранного периода',
  contentNotFound: 'Контент не\u00a0найден',
  partnerNotFound: 'Такого партнёра нет',
  signInRequired: 'Войдите, чтобы продолжить',
  subscriptionNotFound: 'Подписка не\u00a0найдена',
  buyType: 'Тип покупки: SVOD, TVOD или EST',
  ids: 'Список id через запятую',
  statuses: 'Статусы подписки через запятую: active, renew, paused, ended',
  paywallParams: 'Не\u00a0больше 20 параметров, каждый до\u00a0200 символов',
} as const;

/** A period of a price list entry: «1 месяц», «3 месяца», «1 год». */
export function periodText(days: number): string {
  if (days % 365 === 0) return formatUnit(days / 365, 'years');
  if (days % 30 === 0) return formatUnit(days / 30, 'months');
  return formatUnit(days, 'days');
}

/** «599 ₽ за 1 месяц». */
export const priceForPeriod = (price: number, days: number) =>
  `${formatRub(price)} за\u00a0${periodText(days)}`;

/** The lines of a title's «how to watch», for the viewer who has it and for one who may get it. */
export const unlockTexts = {
  subscriptionUntil: (names: string, till: number) =>
    `Доступно по\u00a0подписке ${names} до\u00a0${formatDayMonthYear(till * 1000)}`,
  rentalLeft: (seconds: number) => `Аренда: осталось ${formatDuration(seconds, { maxParts: 2 })}`,
  rentalStartBy: (startsBy: number, window: number) =>
    `Аренда: начните просмотр до\u00a0${formatDayMonthYear(startsBy * 1000)}, после начала у\u00a0вас будет ${formatDuration(window)}`,
  purchased: 'Куплено навсегда',
  free: 'Смотреть бесплатно',
  bySubscription: (name: string, price: number, days: number) =>
    `По\u00a0подписке «${name}»\u00a0— от\u00a0${formatRub(price)} за\u00a0${periodText(days)}`,
  rent: (price: number, window: number) =>
    `Аренда на\u00a0${formatDuration(window)}\u00a0— ${formatRub(price)}`,
  buy: (name: string, price: number) => `${name}\u00a0— ${formatRub(price)} навсегда`,
  choose: 'Выбрать, как смотреть',
  subscribe: 'Оформить подписку',
} as const;
