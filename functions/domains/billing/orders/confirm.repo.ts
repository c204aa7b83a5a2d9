import type { Query } from '../../../db/run.ts';
import { firstRow, prepare, sql } from '../../../db/sql.ts';
import type { GrantTariff } from '../../grants/index.ts';
import type { OrderRow } from './order-repo.ts';

/**
 * The statements of confirming an order (confirm.ts decides which run). Those that change a
 * finished order's rows run only while the order is still pending, so a second confirmation of a
 * paid or canceled order changes nothing.
 */

/** Only while the order is still pending: placed in a batch before the statement that finishes it. */
const whilePending = (orderId: string) =>
  sql`EXISTS (SELECT 1 FROM orders WHERE id = ${orderId} AND status = 'pending')`;

/** The account's saved method with this id at the acquirer (none while it is not saved). */
const savedMethodId = (provider: string, providerMethodId: string) =>
  sql`(SELECT id FROM payment_methods WHERE provider = ${provider} AND provider_method_id = ${providerMethodId})`;

/** What an order's tariff, price and offer grant, and the buyer's contact and subscription. */
export interface OrderFactsRow {
  productId: number;
  buyType: GrantTariff['buyType'];
  rental: number | null;
  days: number;
  vatRate: number;
  offerDays: number | null;
  contact: string | null;
  subscriptionId: number | null;
}

/** The facts a paid order grants and receipts by; none when its tariff or price is gone. */
export function orderFacts(
  d: D1Database,
  o: Pick<OrderRow, 'offer_id' | 'account_id' | 'tariff_id' | 'price_id'>,
): Query<OrderFactsRow | undefined> {
  return firstRow<OrderFactsRow>(
    d,
    sql`SELECT t.product_id AS productId, t.buy_type AS buyType, t.rental_start_seconds AS rental,
         p.period_duration AS days, p.vat_rate AS vatRate,
         (SELECT first_period_days FROM price_offers WHERE id = ${o.offer_id}) AS offerDays,
         (SELECT coalesce(email, phone) FROM accounts WHERE id = ${o.account_id}) AS contact,
         (SELECT id FROM subscriptions WHERE account_id = ${o.account_id} AND tariff_id = ${o.tariff_id}) AS subscriptionId
       FROM tariffs t JOIN tariff_prices p ON p.id = ${o.price_id} WHERE t.id = ${o.tariff_id}`,
  );
}

/** A renewal paid with a retention offer spends it: the next renewals return to the price list. */
export function retentionOfferSpent(
  d: D1Database,
  r: { subscriptionId: number; offerId: number | null; orderId: string },
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE subscriptions SET renewal_offer_id = NULL WHERE id = ${r.subscriptionId} AND renewal_offer_id = ${r.offerId} AND ${whilePending(r.orderId)}`,
  );
}

/** The payer's method saved for the account; one deleted before comes back, another's is left. */
export function saveMethodStatement(
  d: D1Database,
  m: {
    accountId: number;
    provider: string;
    providerMethodId: string;
    kind: string;
    title: string;
    cardLast4: string | null;
    cardBrand: string | null;
    expiry: string | null;
    now: number;
  },
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO payment_methods (account_id, provider, provider_method_id, kind, title,
             card_last4, card_brand, expiry, created_at)
           VALUES (${m.accountId}, ${m.provider}, ${m.providerMethodId}, ${m.kind}, ${m.title}, ${m.cardLast4}, ${m.cardBrand}, ${m.expiry}, ${m.now})
           ON CONFLICT (provider, provider_method_id) DO UPDATE SET deleted_at = NULL
           WHERE payment_methods.account_id = excluded.account_id`,
  );
}

/**
 * Finishes a pending order as paid, with its saved method when it has none: the statement whose
 * change count tells the one confirmation that finished it.
 */
export function orderSucceededStatement(
  d: D1Database,
  o: { orderId: string; provider: string; providerMethodId: string; now: number },
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE orders SET status = 'succeeded', paid_at = ${o.now}, updated_at = ${o.now},
           payment_method_id = coalesce(payment_method_id, ${savedMethodId(o.provider, o.providerMethodId)})
         WHERE id = ${o.orderId} AND status = 'pending'`,
  );
}

/** The order's payment, once per order (the payment history's row). */
export function paymentStatement(
  d: D1Database,
  p: {
    orderId: string;
    accountId: number;
    amount: number;
    providerPaymentId: string;
    methodTitle: string;
    now: number;
  },
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT OR IGNORE INTO payments (order_id, account_id, amount, provider_payment_id, method_title, paid_at)
         VALUES (${p.orderId}, ${p.accountId}, ${p.amount}, ${p.providerPaymentId}, ${p.methodTitle}, ${p.now})`,
  );
}

/** The account's subscription to the tariff renews with the method just saved. */
export function subscriptionRenewsWith(
  d: D1Database,
  s: { accountId: number; tariffId: number; provider: string; providerMethodId: string },
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE subscriptions SET payment_method_id = ${savedMethodId(s.provider, s.providerMethodId)}, is_renew = 1
             WHERE account_id = ${s.accountId} AND tariff_id = ${s.tariffId}`,
  );
}

/** A paid gift order's gift, once per order; its token is kept only as a hash. */
export function giftStatement(
  d: D1Database,
  g: {
    orderId: string;
    tokenHash: string;
    buyerAccountId: number;
    tariffId: number;
    priceId: number;
    recipientEmail: string;
    now: number;
  },
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT OR IGNORE INTO gifts (order_id, token_hash, buyer_account_id, tariff_id, price_id, recipient_email, created_at)
           VALUES (${g.orderId}, ${g.tokenHash}, ${g.buyerAccountId}, ${g.tariffId}, ${g.priceId}, ${g.recipientEmail}, ${g.now})`,
  );
}

/** A renewal order's subscription: its paid-up date, tariff name and the account's contact. */
export function renewedSubscription(
  d: D1Database,
  subscriptionId: number,
): Query<{ id: number; grantedTill: number; name: string; contact: string | null } | undefined> {
  return firstRow(
    d,
    sql`SELECT s.id, s.granted_till AS grantedTill, t.name,
               (SELECT coalesce(email, phone) FROM accounts WHERE id = s.account_id) AS contact
             FROM subscriptions s JOIN tariffs t ON t.id = s.tariff_id WHERE s.id = ${subscriptionId}`,
  );
}

/** Cancels a pending order with the acquirer's reason; a finished order stays as it is. */
export function orderCanceledStatement(
  d: D1Database,
  o: { orderId: string; reason: string; now: number },
): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE orders SET status = 'canceled', cancel_reason = ${o.reason}, updated_at = ${o.now}
         WHERE id = ${o.orderId} AND status = 'pending'`,
  );
}
