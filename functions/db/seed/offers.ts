/**
 * Promo codes to try locally, the polls, and the event manager's rules and experiments (README,
 * «Promo codes, polls and the event manager»). Texts are stored typeset, as the CMS would write them.
 */
import { typeset } from '../../lib/typeset.ts';
import { insertIgnore } from './sql.ts';

const DAY = 86_400;
/** Codes are valid from 2024 to 2100: the demo never runs out of them. */
const FROM = 1_704_067_200;
const TILL = 4_102_444_800;

export const promoCodes = [
  {
    code: 'AMEDIA30',
    kind: 'promo',
    tariff_id: 1,
    days: 30,
    discount_percent: null,
    max_uses: 1_000_000,
    valid_from: FROM,
    valid_till: TILL,
    title: 'Месяц Амедиатеки в подарок',
    description: '30 дней подписки уже ваши. Приятного просмотра!',
    button_text: 'Смотреть',
  },
  {
    code: 'HBOMAX7',
    kind: 'voucher',
    tariff_id: 2,
    days: 7,
    discount_percent: null,
    max_uses: 1_000_000,
    valid_from: FROM,
    valid_till: TILL,
    title: 'Неделя HBO Max',
    description: '7 дней подписки HBO Max активированы',
    button_text: 'Смотреть',
  },
  {
    code: 'HALFPRICE',
    kind: 'promo',
    tariff_id: 1,
    days: null,
    discount_percent: 50,
    max_uses: 1_000_000,
    valid_from: FROM,
    valid_till: TILL,
    title: 'Скидка 50 % на первый месяц',
    description: 'Скидка применится при оплате подписки Амедиатека',
    button_text: 'Перейти к оплате',
  },
  {
    code: 'EXPIRED2024',
    kind: 'promo',
    tariff_id: 1,
    days: 30,
    discount_percent: null,
    max_uses: 1_000,
    valid_from: FROM,
    valid_till: FROM + 30 * DAY,
    title: 'Месяц Амедиатеки в подарок',
    description: '',
    button_text: 'Смотреть',
  },
];

export const polls = [
  {
    slug: 'why-not-subscribing',
    title: 'Почему вы не оформили подписку?',
    description: 'Ответьте на пару вопросов — так мы станем лучше',
    button_text: 'Отправить',
    thanks_text: 'Спасибо! Ваш ответ поможет нам стать лучше',
    submit_event: 'answered_why_not_subscribing_poll',
  },
  {
    slug: 'unsubscribe',
    title: 'Почему вы отключили продление?',
    description: 'Расскажите, что нам стоит изменить',
    button_text: 'Отправить',
    thanks_text: 'Спасибо, что рассказали! Мы учтём ваш ответ',
    submit_event: null,
  },
];

export const pollQuestions = [
  {
    id: 1,
    poll_slug: 'why-not-subscribing',
    text: 'Что вас остановило?',
    with_comment: 1,
    sort: 1,
  },
  {
    id: 2,
    poll_slug: 'unsubscribe',
    text: 'Почему вы решили отказаться?',
    with_comment: 1,
    sort: 1,
  },
  { id: 3, poll_slug: 'unsubscribe', text: 'Вернётесь ли вы к нам?', with_comment: 0, sort: 2 },
];

const option = (id: number, question_id: number, text: string) => ({
  id,
  question_id,
  text,
  sort: id,
});
export const pollOptions = [
  option(1, 1, 'Слишком дорого'),
  option(2, 1, 'Не нашёл, что посмотреть'),
  option(3, 1, 'Смотрю на другом сервисе'),
  option(4, 1, 'Просто смотрю, что здесь есть'),
  option(5, 1, 'Другое'),
  option(6, 2, 'Слишком дорого'),
  option(7, 2, 'Всё интересное уже посмотрел'),
  option(8, 2, 'Неудобно смотреть'),
  option(9, 2, 'Другое'),
  option(10, 3, 'Да, когда выйдут новые серии'),
  option(11, 3, 'Возможно'),
  option(12, 3, 'Нет'),
];

/** Experiments: which offer, which payment steps, whether the SBP button shows (state events). */
export const emExperiments = [
  {
    slug: 'offers',
    description: 'Предложение новому зрителю: первый месяц за 1 ₽ или скидка на три месяца',
  },
  { slug: 'steps', description: 'Оплата в два шага, в три шага или с предложением 2' },
  { slug: 'sbp', description: 'Кнопка оплаты через СБП на экране способа оплаты' },
];

const variant = (
  experiment_slug: string,
  name: string,
  weight: number,
  event_type: string | null,
) => ({
  experiment_slug,
  variant: name,
  weight,
  event_type,
  properties: '{}',
});
export const emVariants = [
  variant('offers', 'new_user', 50, 'OfferForNewUser'),
  variant('offers', 'retention', 50, 'OfferForRetention'),
  variant('steps', 'two_step', 34, 'TwoStepPayment'),
  variant('steps', 'three_step', 33, 'ThreeStepPayment'),
  variant('steps', 'offer2', 33, 'Offer2'),
  variant('sbp', 'sbp', 50, 'SbpPaymentButton'),
  variant('sbp', 'control', 50, null),
];

/**
 * The rules. Nothing redirects on opening a page: the visitor's variants are only stored; closing
 * a promo paywall asks why, answering offers the free days. No rule answers a closed
 * returning-subscriber paywall: the retention offer is made on /subscription, to a viewer whose
 * subscription still runs, and no page is a paywall for a returning subscriber.
 */
export const emRules = [
  {
    id: 1,
    match: '{}',
    trigger: 'opened_app',
    audience: 'any',
    priority: 10,
    event_type: null,
    properties: '{}',
    experiment_slug: 'sbp',
  },
  {
    id: 2,
    match: '{}',
    trigger: 'signed_up',
    audience: 'any',
    priority: 10,
    event_type: null,
    properties: '{}',
    experiment_slug: 'offers',
  },
  {
    id: 3,
    match: '{}',
    trigger: 'opened_paywall',
    audience: 'non_subscriber',
    priority: 10,
    event_type: null,
    properties: '{}',
    experiment_slug: 'steps',
  },
  {
    id: 4,
    match: '{}',
    trigger: 'closed_promo_paywall',
    audience: 'non_subscriber',
    priority: 10,
    event_type: 'ShowWhyNotSubscribingPoll',
    properties: JSON.stringify({
      poll: { slug: 'why-not-subscribing' },
      submitEvent: 'answered_why_not_subscribing_poll',
    }),
    experiment_slug: null,
  },
  {
    id: 5,
    match: '{}',
    trigger: 'answered_why_not_subscribing_poll',
    audience: 'non_subscriber',
    priority: 10,
    event_type: 'ShowFreeDaysOffer',
    properties: JSON.stringify({ offer: { name: 'free_days' } }),
    experiment_slug: null,
  },
];

export function offersSql(): string {
  const texts = <T extends Record<string, unknown>>(row: T): T => {
    const out: Record<string, unknown> = { ...row };
    for (const key of ['title', 'description', 'button_text'])
      if (typeof out[key] === 'string') out[key] = typeset(out[key] as string);
    return out as T;
  };
  return [
    insertIgnore('promo_codes', promoCodes.map(texts)),
    insertIgnore(
      'polls',
      polls.map((p) => ({ ...texts(p), thanks_text: typeset(p.thanks_text) })),
    ),
    insertIgnore(
      'poll_questions',
      pollQuestions.map((q) => ({ ...q, text: typeset(q.text) })),
    ),
    insertIgnore(
      'poll_options',
      pollOptions.map((o) => ({ ...o, text: typeset(o.text) })),
    ),
    insertIgnore('em_experiments', emExperiments),
    insertIgnore('em_variants', emVariants),
    insertIgnore('em_rules', emRules),
  ].join('\n');
}
