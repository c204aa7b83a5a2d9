/** Words of the storefront's pages (/advantages, /paywall/{slug}, /payment) and the title's block. */
export const storeTexts = {
  advantagesTitle: 'Попробуйте Амедиатеку',
  advantagesLead:
    'Главные сериалы и\u00a0фильмы мира: премьеры HBO Max, Paramount+ и\u00a0других студий в\u00a0день выхода, без рекламы.',
  advantages: [
    'Премьеры одновременно с\u00a0мировым показом',
    'Без рекламы, в\u00a0HD\u00a0и\u00a04K',
    'До\u00a0пяти профилей, в\u00a0том числе детский',
    'Смотрите на\u00a0двух устройствах одновременно',
    'Телевизор, компьютер, телефон и\u00a0планшет',
    'Отключить продление можно в\u00a0любой момент',
  ],
  advantagesListTitle: 'Что даёт подписка',
  pricesTitle: 'Сколько стоит',
  choosePlan: 'Выбрать тариф',
  subscribe: 'Оформить подписку',
  partnerNote: (name: string) => `Вы\u00a0пришли за\u00a0подпиской «${name}»`,
  paywallLead: 'Выберите, как смотреть',
  /** The paywall's way out (reports «closed promo paywall» to the event manager). */
  closePaywall: 'Закрыть',
  choose: 'Выбрать',
  rentFor: (window: string) => `Аренда на\u00a0${window}`,
  rentStart: (start: string) => `Начать просмотр можно в\u00a0течение ${start}`,
  buyForever: 'Навсегда в\u00a0вашей библиотеке',
  pricesOf: (name: string) => `Цены тарифа «${name}»`,
  withoutVat: (price: string) => `без НДС ${price}`,
  paymentTitle: 'Оформление подписки',
  stepTariff: 'Тариф',
  stepPeriod: 'Период',
  stepPay: 'Оплата',
  stepOf: (n: number, total: number) => `Шаг ${n} из\u00a0${total}`,
  chooseTariff: 'Выберите тариф',
  choosePeriod: 'Выберите период',
  next: 'Далее',
  pay: 'Перейти к\u00a0оплате',
  back: 'Назад',
  changeTariff: 'Другой тариф',
  nothingToBuy: 'Этот тариф сейчас не\u00a0продаётся.',
  toAdvantages: 'Посмотреть тарифы',
  forTitle: (name: string) => `«${name}»`,
  perPeriod: (price: string, period: string) => `${price} за\u00a0${period}`,
  thenPrice: (price: string, period: string) => `затем ${price} за\u00a0${period}`,
  /** A longer period's price over its months (rounded to roubles: hence «≈»). */
  perMonth: (price: string) => `≈\u00a0${price} в\u00a0месяц`,
  /** What a longer period saves against paying the same tariff month by month. */
  saving: (amount: string, percent: number) =>
    `экономия ${amount} (${percent}\u00a0%) против оплаты помесячно`,
  /** The purchase flow's one heading, the same on every step (/payment, /payment-type). */
  purchaseTitle: 'Оформление покупки',
  giftTitle: 'Оформление подарка',
} as const;
