import { z } from 'zod';
import { idParam } from '../../../lib/schemas.ts';
import { OFFER_NAMES } from '../storefront/index.ts';
import { orderMethodSchema, paymentMethodSchema } from './payment-methods.ts';

/**
 * Orders' request and answer schemas (`/billing/checkout`, `/billing/orders/:id`, the basket, the
 * payment options, the acquirer's webhook): the routes validate with them, the OpenAPI document
 * describes with them, and the order types (`Confirmation`, `PlacedOrder`) are inferred from them.
 */

const id = idParam;

/** An offer a purchase may name: the new user's, retention, offer 2, free days. */
export const offerName = z.enum(OFFER_NAMES);

/**
 * An order's id, as the API's paths and bodies and the payment pages' `orderId` take it.
 * @example orderSchemas.orderId.safeParse(url.searchParams.get('orderId')).data // 'ord-…' or undefined
 */
export const orderId = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/** A promo code a link carries on to the paywall, /payment and /payment-type (`promo=`). */
export const promoParam = z.string().regex(/^[\w-]{1,64}$/);

const orderStatus = z.enum(['pending', 'succeeded', 'canceled']);

/**
 * The payment screen's choice, as `POST /billing/checkout/` and the /payment-type form both take
 * it. Amounts are never read: a body with `amount` or `price` is priced on the server all the same.
 */
export const checkoutBody = z.object({
  tariffId: id,
  priceId: id,
  offer: offerName.nullish(),
  titleId: id.nullish(),
  method: orderMethodSchema,
  paymentMethodId: id.nullish(),
  recurringConsent: z.boolean().default(false),
  giftEmail: z.email().max(254).nullish(),
  promoCode: z.string().trim().min(1).max(64).nullish(),
  /** The payment form's own key: submitting the same form again is the same order. */
  clientKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
});
export type CheckoutInput = z.infer<typeof checkoutBody>;

export const basketBody = z.object({
  tariffId: id,
  priceId: id,
  offer: offerName.nullish(),
  titleId: id.nullish(),
  isGift: z.boolean().default(false),
  promoCode: z.string().trim().min(1).max(64).nullish(),
});

/** `/billing/orders/{id}`. */
export const orderParam = z.object({ id: orderId });

/** The order to pay by card on the acquirer's page. */
export const orderBody = z.object({ orderId });

/** What the payer does next for a pending order (nothing once it is finished). */
export const confirmation = z
  .union([
    z.object({ type: z.literal('redirect'), url: z.string() }),
    z.object({ type: z.literal('qr'), url: z.string(), payload: z.string() }),
  ])
  .nullable()
  .describe('Что делать плательщику дальше: страница эквайера или QR СБП');
export type Confirmation = z.infer<typeof confirmation>;

export const placedOrder = z.object({
  orderId: z.string(),
  status: orderStatus,
  confirmation,
});
export type PlacedOrder = z.infer<typeof placedOrder>;

export const orderAnswer = placedOrder.extend({
  kind: z.enum(['purchase', 'renewal', 'gift']),
  amount: z.number().int().describe('Копейки, с НДС'),
  currency: z.literal('RUB'),
  method: z.string(),
  tariffId: z.number(),
  priceId: z.number(),
  titleId: z.number().nullable(),
  giftEmail: z.string().nullable(),
  cancelReason: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.number(),
  paidAt: z.number().nullable(),
});

export const paymentItem = z.object({
  orderId: z.string(),
  kind: z.string(),
  status: orderStatus,
  amount: z.number().int(),
  currency: z.literal('RUB'),
  methodTitle: z.string(),
  tariffId: z.number(),
  tariffName: z.string(),
  titleId: z.number().nullable(),
  paidAt: z.number().nullable().describe('Когда оплачен; null — заказ не оплачен'),
  receiptId: z.string().nullable(),
  refundedAt: z.number().nullable().describe('Когда платёж возвращён; null — не возвращён'),
  refundReceiptId: z.string().nullable().describe('Чек возврата прихода'),
});

export const basketAnswer = z.object({
  tariffId: z.number(),
  priceId: z.number(),
  buyType: z.enum(['SVOD', 'TVOD', 'EST']),
  description: z.string(),
  amount: z.number().int().describe('К оплате сейчас, копейки'),
  listPrice: z.number().int(),
  days: z.number().int(),
  vatRate: z.number().int(),
  offer: z.object({ name: offerName, title: z.string() }).nullable(),
  promo: z.object({ code: z.string(), discountPercent: z.number() }).nullable(),
});

export const optionsAnswer = z.object({
  provider: z.enum(['sandbox', 'yookassa']),
  methods: z.array(orderMethodSchema),
  savedMethods: z.array(
    z.object({
      id: z.number(),
      kind: paymentMethodSchema,
      title: z.string(),
      cardLast4: z.string().nullable(),
      cardBrand: z.string().nullable(),
      expiry: z.string().nullable(),
      label: z.string().describe('Как карту называют все страницы: «Visa •••• 4242»'),
    }),
  ),
});

/** The acquirer's notification, as documented: the route reads it leniently and re-reads the payment. */
export const yookassaNotification = z.object({
  type: z.literal('notification'),
  event: z.string(),
  object: z.looseObject({ id: z.string() }),
});

export const notificationAnswer = z.object({ result: z.enum(['confirmed', 'ignored']) });

/** A staff refund (`POST /api/staff/refunds/`): the order, and the amount when staff name it. */
export const refundInput = z.object({
  orderId: z.string().min(1).max(64),
  amount: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Копейки; если указана, должна быть равна всей сумме платежа'),
});

export const refundAnswer = z.object({
  orderId: z.string(),
  accountId: z.number(),
  amount: z.number().int().describe('Копейки, вся сумма платежа'),
  status: z.literal('succeeded'),
  providerRefundId: z.string(),
  refundedAt: z.number(),
  receiptId: z.string().nullable().describe('Чек возврата прихода (income_return)'),
});
