import { d1 } from '../../../db/client.ts';
import { prepare, type Sql, sql } from '../../../db/sql.ts';
import { periodWords } from '../shared/index.ts';
import type { PaymentMethod } from './payment-methods.ts';

/** A row of `orders` (migrations 0014, 0015). */
export interface OrderRow {
  id: string;
  account_id: number;
  kind: 'purchase' | 'renewal' | 'gift';
  tariff_id: number;
  price_id: number;
  offer_id: number | null;
  title_id: number | null;
  subscription_id: number | null;
  amount: number;
  currency: string;
  method: PaymentMethod | 'saved' | 'free';
  payment_method_id: number | null;
  recurring_consent: number;
  gift_email: string | null;
  status: 'pending' | 'succeeded' | 'canceled';
  cancel_reason: string | null;
  provider: string;
  provider_payment_id: string | null;
  confirmation_url: string | null;
  client_key: string | null;
  promo_code: string | null;
  /** The order that superseded this one when the viewer started the purchase again. */
  superseded_by: string | null;
  superseded_at: number | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}

export const orderById = (id: string) =>
  prepare(d1(), sql`SELECT * FROM orders WHERE id = ${id}`).first<OrderRow>();

export const orderByPayment = (providerPaymentId: string) =>
  prepare(
    d1(),
    sql`SELECT * FROM orders WHERE provider_payment_id = ${providerPaymentId}`,
  ).first<OrderRow>();

/** The account's saved methods at this acquirer, newest first (the payment screen's choice). */
export function savedMethodsAt(
  d: D1Database,
  accountId: number,
  provider: string,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT id, kind, title, card_last4 AS cardLast4, card_brand AS cardBrand, expiry
       FROM payment_methods WHERE account_id = ${accountId} AND deleted_at IS NULL AND provider = ${provider}
       ORDER BY created_at DESC, id DESC`,
  );
}

/** What a paid order bought and until when: the subscription's paid-up date or the right's end. */
export function paidTill(
  d: D1Database,
  o: Pick<OrderRow, 'id' | 'account_id' | 'tariff_id'>,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT t.buy_type AS buyType,
         CASE WHEN t.buy_type = 'SVOD' THEN
           (SELECT granted_till FROM subscriptions WHERE account_id = ${o.account_id} AND tariff_id = t.id)
         ELSE (SELECT coalesce(expires_at, starts_by) FROM entitlements WHERE order_id = ${`order:${o.id}`}) END AS till
       FROM tariffs t WHERE t.id = ${o.tariff_id}`,
  );
}

/** The item's name as the acquirer and the receipt show it. */
export async function describeOrder(
  o: Pick<OrderRow, 'tariff_id' | 'price_id' | 'offer_id' | 'title_id' | 'kind'>,
) {
  const row = await prepare(
    d1(),
    sql`SELECT t.name, t.buy_type AS buyType, p.period_duration AS days,
         (SELECT first_period_days FROM price_offers WHERE id = ${o.offer_id}) AS offerDays,
         (SELECT name FROM titles WHERE id = ${o.title_id}) AS titleName
       FROM tariffs t JOIN tariff_prices p ON p.id = ${o.price_id} WHERE t.id = ${o.tariff_id}`,
  ).first<{
    name: string;
    buyType: string;
    days: number;
    offerDays: number | null;
    titleName: string | null;
  }>();
  if (!row) return 'Оплата';
  const days = row.offerDays ?? row.days;
  const period = periodWords(days);
  const what =
    row.buyType === 'SVOD'
      ? `Подписка «${row.name}» на ${period}`
      : `${row.name}: «${row.titleName ?? ''}»`;
  return o.kind === 'gift' ? `${what} (подарок)` : what;
}

const pendingOrder = (orderId: string) =>
  sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND status = 'pending')`;

/**
 * A failed renewal charge on its subscription: the next attempt when one fits in the grace period
 * (the delays of the first and second retry), else the end. Changes nothing unless the renewal
 * order is still pending, so a failure counts once.
 */
export function renewalFailedUpdate(
  d: D1Database,
  r: { subscriptionId: number; orderId: string; now: number },
  rules: { graceSeconds: number; retrySeconds: readonly [number, number] },
): D1PreparedStatement {
  const whilePending = pendingOrder(r.orderId);
  const grace = sql`coalesce(grace_until, ${r.now} + ${rules.graceSeconds})`;
  const delay = sql`CASE failed_charges WHEN 0 THEN ${rules.retrySeconds[0]} WHEN 1 THEN ${rules.retrySeconds[1]} ELSE NULL END`;
  return prepare(
    d,
    sql`UPDATE subscriptions SET
         status = CASE WHEN ${delay} IS NOT NULL AND ${r.now} + ${delay} <= ${grace} THEN 'renew' ELSE 'ended' END,
         is_renew = CASE WHEN ${delay} IS NOT NULL AND ${r.now} + ${delay} <= ${grace} THEN is_renew ELSE 0 END,
         next_charge_at = CASE WHEN ${delay} IS NOT NULL AND ${r.now} + ${delay} <= ${grace} THEN ${r.now} + ${delay} END,
         grace_until = ${grace},
         failed_charges = failed_charges + 1,
         updated_at = ${r.now}
       WHERE id = ${r.subscriptionId} AND status IN ('active', 'renew') AND ${whilePending}`,
  );
}

/** The condition of the subscription-ended e-mail: that failure ended it, its order still pending. */
export const subscriptionEndedBy = (r: {
  subscriptionId: number;
  orderId: string;
  now: number;
}): Sql =>
  sql`EXISTS (SELECT 1 FROM subscriptions WHERE id = ${r.subscriptionId} AND status = 'ended' AND updated_at = ${r.now})
                AND ${pendingOrder(r.orderId)}`;

/** Pending orders with a payment at the acquirer, old enough to have settled there, oldest-touched first. */
export function unsettledOrders(
  d: D1Database,
  since: number,
  settled: number,
  limit: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT id FROM orders
       WHERE status = 'pending' AND created_at > ${since} AND created_at <= ${settled} AND updated_at <= ${settled}
         AND provider_payment_id IS NOT NULL
       ORDER BY updated_at LIMIT ${limit}`,
  );
}

/**
 * Pending orders whose payment request got no answer, where asking again charges nobody unawares;
 * not one the viewer has started again (superseded): nobody waits to pay it.
 */
export function unansweredOrders(
  d: D1Database,
  since: number,
  settled: number,
  limit: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT * FROM orders
       WHERE status = 'pending' AND created_at > ${since} AND created_at <= ${settled} AND updated_at <= ${settled}
         AND provider_payment_id IS NULL AND (kind = 'renewal' OR method <> 'saved')
         AND superseded_at IS NULL
       ORDER BY updated_at LIMIT ${limit}`,
  );
}

/** A pending order looked at now: the next reconciliations take the others first. */
export function moveToBackOfQueue(d: D1Database, id: string, now: number): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE orders SET updated_at = ${now} WHERE id = ${id} AND status = 'pending'`,
  );
}

/** The account's order placed by this form (its client key), if any. */
export function orderByClientKey(
  d: D1Database,
  accountId: number,
  clientKey: string,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT * FROM orders WHERE account_id = ${accountId} AND client_key = ${clientKey}`,
  );
}

/** The account's saved method, when it is still there. */
export function liveSavedMethodOf(
  d: D1Database,
  id: number,
  accountId: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT id FROM payment_methods WHERE id = ${id} AND account_id = ${accountId} AND deleted_at IS NULL`,
  );
}

/** A new order, once per form (account and client key): the same form again inserts nothing. */
export function newOrderStatement(
  d: D1Database,
  o: {
    id: string;
    accountId: number;
    kind: 'gift' | 'purchase';
    tariffId: number;
    priceId: number;
    offerId: number | null;
    titleId: number | null;
    amount: number;
    method: string;
    paymentMethodId: number | null;
    recurringConsent: 0 | 1;
    giftEmail: string | null;
    provider: string;
    clientKey: string;
    promoCode: string | null;
    now: number;
  },
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO orders (id, account_id, kind, tariff_id, price_id, offer_id, title_id, amount,
         method, payment_method_id, recurring_consent, gift_email, status, provider, client_key,
         promo_code, created_at, updated_at)
       VALUES (${o.id}, ${o.accountId}, ${o.kind}, ${o.tariffId}, ${o.priceId}, ${o.offerId}, ${o.titleId}, ${o.amount}, ${o.method}, ${o.paymentMethodId}, ${o.recurringConsent}, ${o.giftEmail}, 'pending', ${o.provider}, ${o.clientKey}, ${o.promoCode}, ${o.now}, ${o.now})
       ON CONFLICT (account_id, client_key) DO NOTHING`,
  );
}

/** The acquirer's id of a saved method that is still there. */
export function savedProviderMethod(d: D1Database, id: number): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT provider_method_id AS id FROM payment_methods WHERE id = ${id} AND deleted_at IS NULL`,
  );
}

/** The buyer's contacts and the price's VAT rate, for the acquirer's 54-FZ receipt. */
export function buyerOf(d: D1Database, accountId: number, priceId: number): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT a.email, a.phone, p.vat_rate AS vatRate FROM accounts a, tariff_prices p
       WHERE a.id = ${accountId} AND p.id = ${priceId}`,
  );
}

/** The acquirer's payment of an order and where the payer confirms it, once. */
export function setPayment(
  d: D1Database,
  orderId: string,
  paymentId: string,
  confirmationUrl: string | null,
  now: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE orders SET provider_payment_id = ${paymentId}, confirmation_url = ${confirmationUrl}, updated_at = ${now}
       WHERE id = ${orderId} AND provider_payment_id IS NULL`,
  );
}
