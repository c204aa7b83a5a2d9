import { z } from 'zod';
import { payPageTexts as t } from '../shared/index.ts';

/**
 * The ways to pay a new order (docs/product.md, «Money»), one entry each: what the payment screen
 * shows, how the payer confirms, what the acquirer calls it. The payment screen, the orders, the
 * API's schemas, the YooKassa adapter and the sandbox read them from here. A saved card is not a
 * method of its own: an order `saved` charges a method a paid order saved.
 */
export const PAYMENT_METHODS = {
  bank_card: {
    /** Its name on the payment screen and on record when the acquirer names no card. */
    label: t.card,
    hint: t.cardHint,
    /** The payment screen's element ids start with it (`card-hint`). */
    slug: 'card',
    /** The payer confirms on the acquirer's page (`redirect`) or scans a QR code (`qr`). */
    confirmation: 'redirect',
    /** YooKassa's `payment_method_data.type`. */
    acquirerType: 'bank_card',
    /** A card: the acquirer names its brand and last digits, and a saved one is offered again. */
    card: true,
    /** The SBP experiment's button (payment-variants.ts) pays with it at once. */
    quickButton: false,
  },
  sbp: {
    label: t.sbp,
    hint: t.sbpHint,
    slug: 'sbp',
    confirmation: 'qr',
    acquirerType: 'sbp',
    card: false,
    quickButton: true,
  },
} as const;

export type PaymentMethod = keyof typeof PAYMENT_METHODS;
/** How the payer confirms a payment by this method. */
export type ConfirmationKind = (typeof PAYMENT_METHODS)[PaymentMethod]['confirmation'];
/** The acquirer's name of a method (YooKassa's `payment_method.type`). */
export type AcquirerMethodType = (typeof PAYMENT_METHODS)[PaymentMethod]['acquirerType'];

/** The methods in the payment screen's order. */
export const PAYMENT_METHOD_IDS = Object.keys(PAYMENT_METHODS) as [
  PaymentMethod,
  ...PaymentMethod[],
];

/** What the payment screen has ticked before the viewer chooses. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'bank_card';

/** The acquirer's names, for the sandbox that speaks its API. */
export const ACQUIRER_METHOD_TYPES = PAYMENT_METHOD_IDS.map(
  (id) => PAYMENT_METHODS[id].acquirerType,
) as [AcquirerMethodType, ...AcquirerMethodType[]];

/** A method as the API's schemas take it. */
export const paymentMethodSchema = z.enum(PAYMENT_METHOD_IDS);
/** An order's method as the API takes it: a new payment by a method, or a saved one charged. */
export const orderMethodSchema = z.enum([...PAYMENT_METHOD_IDS, 'saved']);

/**
 * Whether a value names a method of the registry.
 * @example isPaymentMethod('sbp') // true; isPaymentMethod('saved') // false
 */
export const isPaymentMethod = (value: unknown): value is PaymentMethod =>
  typeof value === 'string' && Object.hasOwn(PAYMENT_METHODS, value);

/**
 * How the payer confirms an order of this method: null for a saved method (charged without them)
 * or a free order.
 * @example confirmationKind('sbp') // 'qr'
 */
export const confirmationKind = (method: string): ConfirmationKind | null =>
  isPaymentMethod(method) ? PAYMENT_METHODS[method].confirmation : null;

/**
 * The registry's entry of a method the acquirer names (its answers and the sandbox's rows).
 * @example methodOfAcquirer('bank_card')?.card // true
 */
export function methodOfAcquirer(type: string | undefined) {
  const id = PAYMENT_METHOD_IDS.find((m) => PAYMENT_METHODS[m].acquirerType === type);
  return id ? PAYMENT_METHODS[id] : undefined;
}
