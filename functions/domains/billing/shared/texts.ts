/** Billing's words for people: API errors, the payment pages, e-mails and receipts. */

/** Why a bank or the acquirer turned a payment down, as the viewer reads it after «Банк отклонил платёж». */
export const cancelReasons: Record<string, string> = {
  insufficient_funds: 'на карте недостаточно средств',
  card_expired: 'истёк срок действия карты',
  '3d_secure_failed': 'платёж не подтверждён кодом 3-D Secure',
  invalid_card_number: 'неверный номер карты',
  invalid_csc: 'неверный CVC',
  issuer_unavailable: 'банк не ответил',
  payment_method_limit_exceeded: 'превышен лимит платежей по карте',
  payment_method_restricted: 'операции по карте запрещены',
  country_forbidden: 'карта выпущена в стране, где оплата недоступна',
  fraud_suspected: 'банк заподозрил мошенничество',
  general_decline: 'банк не объяснил причину',
  expired_on_confirmation: 'оплата не была завершена на странице банка',
  rejected_by_payee: 'платёж отклонён в приложении банка',
  canceled_by_merchant: 'платёж отменён',
  permission_revoked: 'нет разрешения на списание с сохранённой карты',
};

export const billingTexts = {
  signInNeeded: 'Войдите, чтобы оплатить',
  tariffNotFound: 'Такого тарифа нет или он больше не продаётся',
  priceNotFound: 'Такой цены нет у этого тарифа',
  offerNotAvailable: 'Это предложение вам недоступно',
  freeDaysElsewhere: 'Бесплатные дни подключаются на странице «Бесплатный доступ», без оплаты',
  titleNeeded: 'Выберите фильм или сериал для аренды или покупки',
  titleNotFound: 'Такого фильма или сериала нет',
  retentionElsewhere:
    'Скидка на\u00a0продление предлагается в\u00a0разделе «Подписка», когда вы отключаете автопродление',
  titleOwned: 'Этот фильм или сериал уже куплен навсегда: смотрите его без\u00a0новой оплаты',
  giftNotAllowed: 'Этот тариф нельзя подарить',
  giftEmailNeeded: 'Укажите e-mail получателя подарка',
  savedMethodNotFound: 'Эта карта больше не сохранена: выберите другой способ оплаты',
  promoWithOffer:
    'Промокод не действует вместе со специальным предложением: оплатите по предложению или уберите его, чтобы применить промокод',
  amountTooSmall: 'Сумма к оплате слишком мала: активируйте промокод на странице «Активировать»',
  orderNotFound: 'Заказ не найден',
  providerUnavailable: 'Платёжный сервис сейчас не отвечает. Попробуйте ещё раз через минуту',
  notPending: 'Этот заказ уже оплачен или отменён',
  refundNotPaid: 'Этот заказ не оплачен: возвращать нечего',
  refundPartial: (whole: string) =>
    `Частичный возврат не предусмотрен: вернуть можно только всю сумму платежа — ${whole}`,
  refundGift: 'Оплату подарка вернуть нельзя: подарок мог быть уже принят',
  refundNotLatest:
    'Вернуть можно только последний период подписки: за этим заказом уже идёт следующий период. Сначала верните его',
  refundRefused: 'Платёжный сервис не принял возврат. Деньги не возвращены',
  refundNotYet:
    'Платёжный сервис ещё проводит возврат. Нажмите «Вернуть» ещё раз через минуту: дважды деньги не вернутся',
  declined: (reason: string) =>
    `Банк отклонил платёж: ${cancelReasons[reason] ?? cancelReasons.general_decline}. Деньги не списаны.`,
} as const;

/** A subscription's period in words: 30 → «1 месяц», 90 → «3 месяца», 365 → «1 год». */
export const periodWords = (days: number) =>
  days === 30 ? '1 месяц' : days === 90 ? '3 месяца' : days === 365 ? '1 год' : `${days} дн.`;

/** The first words of what is sold, as they read after «Вы покупаете». */
const BOUGHT: Record<string, string> = {
  Подписка: 'подписку',
  Аренда: 'аренду',
  Покупка: 'покупку',
};

/** What is bought, after «Вы покупаете»: its first word in the accusative, or after a colon. */
function accusative(what: string): string {
  const space = what.indexOf(' ');
  const first = space < 0 ? what : what.slice(0, space);
  return Object.hasOwn(BOUGHT, first)
    ? ` ${BOUGHT[first]}${what.slice(first.length)}`
    : `: ${what}`;
}

/** The payment pages' words (/payment-type, /payment/redirect, /success). */
export const payPageTexts = {
  nothingChosen: 'Сначала выберите подписку или фильм',
  choose: 'Выбрать подписку',
  /**
   * What is bought as one sentence: «Вы покупаете аренду в HD: «…»», «Вы покупаете в подарок
   * подписку «Амедиатека» на 1 месяц».
   */
  youBuy: (what: string, gift: boolean) =>
    `Вы покупаете${gift ? ' в\u00a0подарок' : ''}${accusative(what)}`,
  toPay: 'К оплате',
  methods: 'Как оплатить',
  card: 'Банковская карта',
  cardHint: 'Visa, Mastercard, «Мир»: данные карты вводятся на странице платёжного сервиса',
  sbp: 'СБП',
  sbpHint: 'QR-код для оплаты в приложении банка',
  /** The SBP experiment's own button beside «Оплатить» (its name must not start with «Оплатить»). */
  sbpButton: 'Быстрая оплата через СБП',
  savedCard: (title: string) => `Сохранённая карта ${title}`,
  consent: 'Сохранить карту и продлевать подписку автоматически',
  consentHint:
    'Без этой отметки карта не сохраняется, а подписка не продлевается: по окончании срока её нужно будет оплатить снова. Отключить продление можно в любой момент в разделе «Подписка».',
  giftEmail: 'E-mail получателя подарка',
  giftEmailHint: 'Пришлём на него ссылку, по которой подарок можно принять',
  /** The gift's e-mail refused by the checkout schema, under its field. */
  giftEmailWrong: 'Укажите e-mail получателя подарка, например name@example.ru',
  /** The form's own key refused (a page kept open too long, or not this form). */
  staleForm: 'Форма устарела: обновите страницу и попробуйте ещё раз',
  pay: (amount: string) => `Оплатить ${amount}`,
  /** Under the pay buttons, before the link to the terms (the public offer, /info/tos). */
  terms: 'Нажимая кнопку оплаты, вы\u00a0принимаете условия',
  termsLink: 'публичной оферты',
  /**
   * The page was opened on another address than the site's own (SITE_ORIGIN): the acquirer sends
   * the payer back to the site's own address, where this browser is not signed in, so no order is
   * placed here.
   */
  payElsewhere: (host: string) =>
    `Оплатить можно только на\u00a0сайте ${host}: после оплаты банк вернёт вас туда. Откройте сайт по\u00a0этому адресу, войдите и\u00a0выберите подписку или фильм ещё раз.`,
  goElsewhere: (host: string) => `Перейти на\u00a0${host}`,
  offer: 'Предложение',
  promo: 'Промокод',
  waitingTitle: 'Ждём подтверждения оплаты',
  waitingText: 'Банк ещё не подтвердил платёж. Страница проверит его сама через несколько секунд.',
  checkAgain: 'Проверить оплату',
  continueOnBank: 'Вернуться на страницу оплаты',
  sbpTitle: 'Оплата по СБП',
  sbpText:
    'Отсканируйте QR-код камерой телефона или в приложении банка и подтвердите платёж. Эта страница обновится сама, когда банк подтвердит оплату.',
  sbpQr: 'QR-код для оплаты по СБП',
  sbpOpen: 'Открыть ссылку оплаты на этом устройстве',
  failedTitle: 'Оплата не прошла',
  tryAgain: 'Попробовать ещё раз',
  successTitle: 'Оплата прошла',
  successGift: (email: string) =>
    `Подарок оплачен. Ссылку, по которой его можно принять, мы отправили на ${email}.`,
  until: (date: string) => `Доступ открыт до ${date}`,
  startBy: (date: string) => `Начните просмотр до ${date}: после начала фильм доступен 48 часов`,
  forever: 'Фильм останется в вашей библиотеке навсегда',
  receiptSent: 'Кассовый чек отправили на вашу почту.',
  watch: 'Смотреть',
  home: 'На главную',
} as const;
