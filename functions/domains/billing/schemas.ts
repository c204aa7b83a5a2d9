import { z } from 'zod';
import { idParam } from '../../lib/schemas.ts';
import { OFFER_NAMES } from './storefront/index.ts';
import { orderMethodSchema } from './orders/index.ts';

/** An offer a purchase may name: the new user's, retention, offer 2, free days. */
export const offerNameSchema = z.enum(OFFER_NAMES);

/**
 * An order's id, as the API's paths and bodies and the payment pages' `orderId` take it.
 * @example orderIdSchema.safeParse(url.searchParams.get('orderId')).data // 'ord-…' or undefined
 */
export const orderIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/);

/** A receipt's id, as `GET /billing/receipts/{id}` and /settings/payments' `receipt=` take it. */
export const receiptIdSchema = z.string().min(1).max(64);

/** A promo code a link carries on to the paywall, /payment and /payment-type (`promo=`). */
export const promoParam = z.string().regex(/^[\w-]{1,64}$/);

/**
 * The payment screen's choice, as `POST /billing/checkout/` and the /payment-type form both take
 * it. Amounts are never read: a body with `amount` or `price` is priced on the server all the same.
 */
export const checkoutSchema = z.object({
  tariffId: idParam,
  priceId: idParam,
  offer: offerNameSchema.nullish(),
  titleId: idParam.nullish(),
  method: orderMethodSchema,
  paymentMethodId: idParam.nullish(),
  recurringConsent: z.boolean().default(false),
  giftEmail: z.email().max(254).nullish(),
  promoCode: z.string().trim().min(1).max(64).nullish(),
  /** The payment form's own key: submitting the same form again is the same order. */
  clientKey: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;
