import { assertMayPay, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { siteUrl } from '../../../lib/config.ts';
import { ApiError } from '../../../lib/errors.ts';
import { reportFailure } from '../../../lib/report.ts';
import { lostPromoRace, promoReservationStatements, takePromoAttempt } from '../../promo/index.ts';
import { accountOf, billingTexts as t } from '../shared/index.ts';
import type { OfferName } from '../storefront/index.ts';
import { confirmOrder, recordCancel } from './confirm.ts';
import { lostOfferRace, offerClaimStatement } from './offer-claims.repo.ts';
import {
  buyerOf,
  describeOrder,
  liveSavedMethodOf,
  newOrderStatement,
  type OrderRow,
  orderByClientKey,
  orderById,
  savedProviderMethod,
  setPayment,
} from './order-repo.ts';
import {
  confirmationKind,
  DEFAULT_PAYMENT_METHOD,
  isPaymentMethod,
  type PaymentMethod,
} from './payment-methods.ts';
import { paymentProvider } from './provider.ts';
import type { Confirmation, PlacedOrder } from './schemas.ts';
import { quoteAgain, supersedeStatements } from './supersede.ts';
import { ProviderError } from './yookassa.ts';

/** A new payment by a method of the registry, or a charge of a saved one. */
export type PaymentMethodKind = PaymentMethod | 'saved';

/** The payment screen's choice (`POST /billing/checkout/` takes the same JSON). */
export interface OrderInput {
  tariffId: number;
  priceId: number;
  offer?: OfferName | null;
  titleId?: number | null;
  method: PaymentMethodKind;
  paymentMethodId?: number | null;
  recurringConsent: boolean;
  giftEmail?: string | null;
  promoCode?: string | null;
  /** The payment form's own key: submitting the same form again is the same order. */
  clientKey: string;
}

/** Where the acquirer sends the payer back, and where an SBP payer waits. */
export const returnPath = (orderId: string) =>
  `/payment/redirect?orderId=${encodeURIComponent(orderId)}`;

/** What the payer does next for a pending order (nothing once it is finished). */
export function confirmationOf(o: OrderRow): Confirmation {
  if (o.status !== 'pending' || !o.confirmation_url) return null;
  if (confirmationKind(o.method) === 'qr')
    return { type: 'qr', url: returnPath(o.id), payload: o.confirmation_url };
  return { type: 'redirect', url: o.confirmation_url };
}

const placed = (o: OrderRow): PlacedOrder => ({
  orderId: o.id,
  status: o.status,
  confirmation: confirmationOf(o),
});

/**
 * Places an order and its payment at the acquirer (docs/product.md, «Money»): the amount is
 * computed here; the order id is the acquirer's Idempotence-Key; the same form submitted again
 * (same `clientKey`) is the same order. A saved card is charged at once and the order confirmed.
 * @example await placeOrder(viewer, { tariffId: 1, priceId: 1, method: 'bank_card', recurringConsent: true, clientKey })
 */
export async function placeOrder(viewer: Viewer, input: OrderInput): Promise<PlacedOrder> {
  assertMayPay(viewer);
  const accountId = accountOf(viewer);
  const d = d1();
  const existing = await orderByClientKey(d, accountId, input.clientKey).first<OrderRow>();
  if (existing?.provider_payment_id || existing?.status === 'canceled') return placed(existing);
  // A code named at checkout is a guess like one typed on /activate: the same limits.
  if (!existing && input.promoCode) await takePromoAttempt(viewer);
  const order = existing ?? (await insertOrder(viewer, accountId, input));
  return placed(await startPayment(order));
}

async function insertOrder(
  viewer: Viewer,
  accountId: number,
  input: OrderInput,
): Promise<OrderRow> {
  const d = d1();
  const gift = Boolean(input.giftEmail);
  const { quote: q, earlier } = await quoteAgain(viewer, {
    tariffId: input.tariffId,
    priceId: input.priceId,
    offer: input.offer ?? null,
    titleId: input.titleId ?? null,
    gift,
    promoCode: input.promoCode ?? null,
  });
  let savedId: number | null = null;
  if (input.method === 'saved') {
    const saved = await liveSavedMethodOf(d, input.paymentMethodId ?? 0, accountId).first<{
      id: number;
    }>();
    if (!saved)
      throw new ApiError(
        422,
        t.savedMethodNotFound,
        'payment_method_not_found',
        {},
        {
          field: 'paymentMethodId',
        },
      );
    savedId = saved.id;
  }
  // Consent saves a card for a subscription's renewals; a gift or a one-off purchase saves none.
  const consent = input.recurringConsent && q.tariff.buyType === 'SVOD' && !gift;
  const now = Math.floor(Date.now() / 1000);
  const orderId = crypto.randomUUID();
  const insert = newOrderStatement(d, {
    id: orderId,
    accountId,
    kind: gift ? 'gift' : 'purchase',
    tariffId: q.tariff.tariffId,
    priceId: q.priceId,
    offerId: q.offer?.id ?? null,
    titleId: q.titleId,
    amount: q.amount,
    method: input.method,
    paymentMethodId: savedId,
    recurringConsent: consent ? 1 : 0,
    giftEmail: gift ? input.giftEmail!.trim().toLowerCase() : null,
    provider: paymentProvider().name,
    clientKey: input.clientKey,
    promoCode: q.promo?.code ?? null,
    now,
  });
  // The order takes the code's use and the offer in its own batch, after the earlier orders of
  // the same purchase gave theirs back: of orders placed at once, those that find them taken
  // fail whole, and nothing of them is stored.
  const statements = [insert, ...supersedeStatements(d, earlier, accountId, orderId, now)];
  if (q.promo)
    statements.push(...promoReservationStatements(d, q.promo.code, accountId, orderId, now));
  if (q.offer) statements.push(offerClaimStatement(d, accountId, q.tariff.tariffId, orderId, now));
  try {
    await d.batch(statements);
  } catch (error) {
    const lost = q.promo && lostPromoRace(error);
    if (lost) throw new ApiError(422, lost.message, lost.reason, {}, { field: 'promo' });
    if (lostOfferRace(error))
      throw new ApiError(422, t.offerNotAvailable, 'offer_not_available', {}, { field: 'offer' });
    throw error;
  }
  // Two submits of one form at once: both read the one order that was stored.
  return (await orderByClientKey(d, accountId, input.clientKey).first<OrderRow>())!;
}

/**
 * Creates the acquirer's payment for a stored order (again safely: same Idempotence-Key); `at` is
 * the time a finished payment is recorded at (the renewal job's run).
 */
export async function startPayment(order: OrderRow, at?: number): Promise<OrderRow> {
  const d = d1();
  let savedProviderId: string | null = null;
  if (order.method === 'saved') {
    const m = await savedProviderMethod(d, order.payment_method_id ?? 0).first<{ id: string }>();
    // A saved method that is gone is never swapped for a new card payment nobody would confirm:
    // the charge fails (a renewal's counts as a failed attempt).
    if (!m) {
      await recordCancel(order, 'permission_revoked', at ?? Math.floor(Date.now() / 1000));
      return (await orderById(order.id))!;
    }
    savedProviderId = m.id;
  }
  const description = await describeOrder(order);
  const buyer = await buyerOf(d, order.account_id, order.price_id).first<{
    email: string | null;
    phone: string | null;
    vatRate: number;
  }>();
  let payment: Awaited<ReturnType<ReturnType<typeof paymentProvider>['createPayment']>>;
  try {
    payment = await paymentProvider().createPayment({
      idempotenceKey: order.id,
      amount: order.amount,
      description,
      method: savedProviderId
        ? { savedId: savedProviderId }
        : { type: isPaymentMethod(order.method) ? order.method : DEFAULT_PAYMENT_METHOD },
      returnUrl: siteUrl(returnPath(order.id)).href,
      savePaymentMethod: order.recurring_consent === 1,
      metadata: { orderId: order.id },
      // 54-FZ: every payment carries its receipt, to the e-mail or else to the phone.
      receipt:
        buyer && (buyer.email || buyer.phone)
          ? { email: buyer.email, phone: buyer.phone, vatRate: buyer.vatRate }
          : null,
    });
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    // A subscription (or purchase) that could not be paid for is a failure the product reports.
    reportFailure('subscription_payment', { orderId: order.id, method: order.method, error: e });
    // The acquirer refused a saved method for good (revoked, unknown): the charge failed; the
    // same request again would be refused again under the same key.
    if (order.method === 'saved' && definitiveRefusal(e)) {
      await recordCancel(order, 'permission_revoked', at ?? Math.floor(Date.now() / 1000));
      return (await orderById(order.id))!;
    }
    throw new ApiError(503, t.providerUnavailable, 'provider_unavailable');
  }
  const confirmation =
    payment.confirmation?.type === 'redirect'
      ? payment.confirmation.confirmation_url
      : payment.confirmation?.type === 'qr'
        ? payment.confirmation.confirmation_data
        : null;
  await setPayment(d, order.id, payment.id, confirmation, Math.floor(Date.now() / 1000)).run();
  if (payment.status === 'succeeded' || payment.status === 'canceled')
    await confirmOrder(order.id, at);
  return (await orderById(order.id))!;
}

/**
 * A 4xx from the acquirer that asking again cannot change; our own credentials (401, 403) and the
 * acquirer's rate limit (429) are not the payer's method and are retried.
 */
const definitiveRefusal = (e: ProviderError) =>
  e.status >= 400 && e.status < 500 && ![401, 403, 429].includes(e.status);

/** The viewer's own order (a 404 for anyone else's). */
export async function ownOrder(viewer: Viewer, orderId: string): Promise<OrderRow> {
  const accountId = accountOf(viewer);
  const o = await orderById(orderId);
  if (!o || o.account_id !== accountId) throw new ApiError(404, t.orderNotFound, 'order_not_found');
  return o;
}
