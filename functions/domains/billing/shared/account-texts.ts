import { pluralForm } from '../../../shared/ru.ts';

/**
 * Russian texts of the viewer's side of billing (docs/product.md, «Money»): subscriptions and
 * their renewal, the retention offer, saved cards, receipts and gifts. Errors of the API and the
 * pages' words share them, written typeset (no-break spaces after short words).
 */
export const accountBillingTexts = {
  status: {
    active: 'Активна',
    renew: 'Не\u00a0удалось списать оплату, пробуем ещё раз',
    paused: 'На\u00a0паузе',
    ended: 'Закончилась',
  },
  /** «до 24 декабря 2026» */
  paidUpTo: (date: string) => `до\u00a0${date}`,
  renewsOn: (date: string) => `Продлится ${date}`,
  renewsWith: (card: string) => `с\u00a0карты ${card}`,
  notRenewing: 'Не\u00a0продлевается: доступ сохранится до\u00a0конца оплаченного периода',
  cardRemoved: 'Карта удалена, поэтому подписка не\u00a0продлится',
  noCard: 'Нет сохранённой карты для продления',
  /** «На паузе до 12 января 2027, затем продлится 11 февраля 2027» */
  pausedUntil: (until: string, renews: string | null) =>
    `На\u00a0паузе до\u00a0${until}${renews ? `, затем продлится ${renews}` : ''}`,
  pauseDays: 'Срок заморозки\u00a0— от\u00a07\u00a0до\u00a090\u00a0дней',
  pauseNotActive: 'Заморозить можно только активную подписку',
  pauseAlready: 'Подписка уже на\u00a0паузе',
  pauseNeedsRenewal: 'Заморозить можно подписку с\u00a0включённым автопродлением',
  pauseNotPaid:
    'Пробный период и\u00a0подписки, оформленные по\u00a0промокоду или в\u00a0подарок, заморозить нельзя',
  pauseShortPeriod: 'Заморозить можно подписку, оплаченную не\u00a0менее чем на\u00a0месяц',
  pauseTooOften: 'Заморозить подписку можно не\u00a0чаще двух раз за\u00a012\u00a0месяцев',
  /** The days left of the 90 in 12 months: «остался 1 день», «осталось 2 дня», «остался 21 день». */
  pauseTooLong: (left: number) =>
    `За\u00a012\u00a0месяцев подписку можно заморозить не\u00a0больше чем на\u00a090\u00a0дней: ${pluralForm(left, { one: 'остался', few: 'осталось', many: 'осталось' })} ${accountBillingTexts.days(left)}`,
  pauseRenewalPending:
    'Сейчас проходит списание за\u00a0продление подписки. Заморозить её\u00a0можно, когда оно завершится',
  notPaused: 'Подписка не\u00a0на\u00a0паузе',
  renewalOffer: (title: string) => `Следующие продления со\u00a0скидкой: ${title}`,

  subscriptionNotFound: 'Подписка не\u00a0найдена',
  subscriptionEnded: 'Подписка закончилась. Оформите её\u00a0заново',
  needCard:
    'Чтобы включить автопродление, нужна сохранённая карта: оплатите подписку картой и\u00a0разрешите повторные списания',
  retentionUsed: 'Скидку на\u00a0продление можно получить один раз',
  retentionUnavailable: 'Для этой подписки нет скидки на\u00a0продление',
  retentionNotRenewing: 'Скидка действует на\u00a0продление: сначала включите автопродление',
  paywallError: 'Ошибка',

  cardNotFound: 'Карта не\u00a0найдена',

  receiptNotFound: 'Чек не\u00a0найден',

  giftNotFound: 'Подарок не\u00a0найден. Проверьте ссылку из\u00a0письма',
  giftAccepted: 'Этот подарок уже принят',
  giftAcceptedByYou: 'Вы\u00a0уже приняли этот подарок',
  giftOwn: 'Свой подарок принять нельзя: перешлите ссылку получателю',
  giftNotGiftable: 'Этот тариф нельзя подарить',
  giftTokenMissing: 'Нет ссылки на\u00a0подарок',
  giftSendTooOften: 'Письмо с\u00a0подарком уже отправлено. Повторить можно позже',
  days: (n: number) => `${n}\u00a0${pluralForm(n, { one: 'день', few: 'дня', many: 'дней' })}`,
  /** A subscription period: «1 месяц», «3 месяца», «1 год»; else days. */
  period: (days: number) =>
    days === 365
      ? '1\u00a0год'
      : days % 30 === 0
        ? `${days / 30}\u00a0${pluralForm(days / 30, { one: 'месяц', few: 'месяца', many: 'месяцев' })}`
        : accountBillingTexts.days(days),
} as const;

/**
 * The retention offer's buttons, as docs/product.md («Money») names them: the API answers them
 * word for word (a client compares them), and pages typeset them as they render.
 */
export const RETENTION_BUTTONS = {
  apply: 'Получить скидку',
  cancel: 'Отказаться от скидки',
} as const;
