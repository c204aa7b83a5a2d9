import { z } from 'zod';
import { accountBillingTexts } from '../shared/index.ts';

const PAUSE_DAYS = accountBillingTexts.pauseDays;

/**
 * The request and answer schemas of the viewer's subscriptions and the retention offer
 * (`/billing/subscriptions/…`): the routes parse their bodies and shape and describe their answers
 * with them.
 */

/** A subscription as the API answers it. */
export const subscriptionAnswer = z.object({
  id: z.number().int(),
  tariff: z.object({ id: z.number().int(), name: z.string() }),
  period: z.string().describe('Период тарифа: «1 месяц», «1 год»'),
  price: z.number().int().describe('Цена продления, копейки'),
  status: z.enum(['active', 'renew', 'paused', 'ended']),
  status_text: z.string(),
  is_renew: z.boolean(),
  granted_till: z.number().int().describe('Оплачено до, unix-время'),
  paid_up_to: z.string().describe('«до 24 декабря 2026»'),
  card: z
    .object({ id: z.number().int(), label: z.string(), removed: z.boolean() })
    .nullable()
    .describe('Сохранённая карта, с которой подписка продлевается'),
  renewal_text: z.string(),
  can_renew: z.boolean().describe('Продление можно включить: есть сохранённая карта'),
  retention_offer: z.boolean().describe('Отключение продления сначала предложит скидку'),
  renewal_offer: z.string().nullable().describe('Скидка, по которой пройдут следующие продления'),
  paused_until: z
    .number()
    .int()
    .nullable()
    .describe('Заморозка до, unix-время; null — не на паузе'),
  can_pause: z.boolean().describe('Подписку можно заморозить (/info/freezing)'),
  pause_days_max: z
    .number()
    .int()
    .describe('На сколько дней ещё можно заморозить за 12 месяцев (не больше 90)'),
});

/** The retention offer as the API answers it. */
export const retentionAnswer = z.object({
  subscription_id: z.number().int(),
  paywall_slug: z.string().describe('GET /billing/customer-retention/paywall/{slug}'),
  title: z.string(),
  description: z.string(),
  offer: z.object({
    name: z.literal('retention'),
    title: z.string(),
    description: z.string(),
    first_price: z.number().int(),
    first_period_days: z.number().int(),
    button_text: z.string().describe('«Получить скидку»'),
  }),
  apply_button: z.string(),
  cancel_button: z.string(),
});

/** `PATCH /billing/subscriptions/{id}`: renewal on or off. */
export const renewalBody = z.object({ is_renew: z.boolean() });

/** `POST /billing/subscriptions/{id}/cancel`: `decline_offer` skips the retention offer. */
export const cancelBody = z.object({ decline_offer: z.boolean().default(false) });

/** `POST /billing/subscriptions/{id}/pause`: how many days to freeze for, 7 to 90. */
export const pauseBody = z.object({
  days: z
    .number({ message: PAUSE_DAYS })
    .int({ message: PAUSE_DAYS })
    .min(7, { message: PAUSE_DAYS })
    .max(90, { message: PAUSE_DAYS })
    .describe('Срок заморозки в днях: от 7 до 90'),
});

/** `POST /billing/apply-retention-offer`. */
export const applyOfferBody = z.object({ subscription_id: z.number().int().positive() });

/** The cancel answer: the subscription with renewal off (200). */
export const cancelledAnswer = z.object({ subscription: subscriptionAnswer });

/** The cancel answer when the retention offer comes first (202). */
export const offeredAnswer = z.object({ retention: retentionAnswer });

/** `DELETE /billing/payment-methods/{id}`: the card removed and the subscriptions it stopped. */
export const cardRemovedAnswer = z.object({
  id: z.number().int(),
  stopped_renewing: z.array(z.object({ id: z.number().int(), tariff: z.string() })),
});
