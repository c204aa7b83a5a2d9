import { prepare, raw, sql } from '../../db/sql.ts';
/**
 * D1 of the viewer's side of billing: their subscriptions, saved cards, orders and payments,
 * receipts, rights (rentals and purchases) and gifts. Each function answers one prepared statement
 * so a page can put several in one batch; every one is scoped by the account.
 */

/** A subscription with its tariff, price, the card it renews with and the offer it renews at. */
export interface SubscriptionRow {
  id: number;
  tariffId: number;
  tariffName: string;
  productId: number;
  priceId: number;
  periodDays: number;
  price: number;
  status: 'active' | 'renew' | 'paused' | 'ended';
  isRenew: number;
  grantedTill: number;
  graceUntil: number | null;
  paymentMethodId: number | null;
  cardTitle: string | null;
  cardKind: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardDeleted: number | null;
  retentionOfferAt: number | null;
  renewalOfferId: number | null;
  renewalOfferTitle: string | null;
  /** The retention offer of this subscription's price, when it has one. */
  retentionOfferId: number | null;
}

const SUBSCRIPTION_SELECT = `SELECT s.id, s.tariff_id AS tariffId, t.name AS tariffName, t.product_id AS productId,
    s.price_id AS priceId, tp.period_duration AS periodDays, tp.price, s.status, s.is_renew AS isRenew,
    s.granted_till AS grantedTill, s.grace_until AS graceUntil, s.payment_method_id AS paymentMethodId,
    pm.title AS cardTitle, pm.kind AS cardKind, pm.card_brand AS cardBrand, pm.card_last4 AS cardLast4,
    pm.deleted_at IS NOT NULL AS cardDeleted, s.retention_offer_at AS retentionOfferAt,
    s.renewal_offer_id AS renewalOfferId, ro.title AS renewalOfferTitle,
    (SELECT po.id FROM price_offers po WHERE po.price_id = s.price_id AND po.name = 'retention') AS retentionOfferId
  FROM subscriptions s
  JOIN tariffs t ON t.id = s.tariff_id
  JOIN tariff_prices tp ON tp.id = s.price_id
  LEFT JOIN payment_methods pm ON pm.id = s.payment_method_id
  LEFT JOIN price_offers ro ON ro.id = s.renewal_offer_id`;

/** The account's subscriptions, running ones first, then by tariff. */
export function subscriptionsOf(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`${raw(SUBSCRIPTION_SELECT)} WHERE s.account_id = ${accountId}
       ORDER BY s.status = 'ended', t.sort, s.id`,
  );
}

export function subscriptionOf(db: D1Database, accountId: number, id: number): D1PreparedStatement {
  return prepare(
    db,
    sql`${raw(SUBSCRIPTION_SELECT)} WHERE s.account_id = ${accountId} AND s.id = ${id}`,
  );
}

/** A live saved method of the account (not removed). */
/** The account's saved methods still there. */
const liveMethods = (accountId: number) =>
  sql`SELECT id FROM payment_methods WHERE account_id = ${accountId} AND deleted_at IS NULL`;

/**
 * Turns renewal on or off. On needs a running subscription and a saved method that is still there;
 * the statement changes nothing otherwise (the service says why).
 */
export function setRenewal(
  db: D1Database,
  accountId: number,
  id: number,
  on: boolean,
  now: number,
): D1PreparedStatement {
  return on
    ? prepare(
        db,
        sql`UPDATE subscriptions SET is_renew = 1, updated_at = ${now}
           WHERE account_id = ${accountId} AND id = ${id} AND status <> 'ended'
             AND payment_method_id IN (${liveMethods(accountId)})`,
      )
    : prepare(
        db,
        sql`UPDATE subscriptions SET is_renew = 0, updated_at = ${now}
           WHERE account_id = ${accountId} AND id = ${id}`,
      );
}

/**
 * The viewer declined the retention offer: renewal off and the offer spent, so it is offered once.
 * Only while it has not been answered: a repeated decline changes nothing more.
 */
export function declineRetention(
  db: D1Database,
  accountId: number,
  id: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE subscriptions SET is_renew = 0, updated_at = ${now},
         retention_offer_at = coalesce(retention_offer_at, ${now})
       WHERE account_id = ${accountId} AND id = ${id}`,
  );
}

/**
 * Takes the retention offer: the next renewals charge its first price for its first period
 * (renewal_offer_id, read by the renewal job), renewal stays on. One statement, guarded by
 * `retention_offer_at IS NULL`, so however many requests arrive it is taken once.
 */
export function applyRetention(
  db: D1Database,
  accountId: number,
  id: number,
  now: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE subscriptions SET
         renewal_offer_id = (SELECT po.id FROM price_offers po WHERE po.price_id = subscriptions.price_id AND po.name = 'retention'),
         is_renew = 1, retention_offer_at = ${now}, updated_at = ${now}
       WHERE account_id = ${accountId} AND id = ${id} AND retention_offer_at IS NULL
         AND status IN ('active', 'renew')
         AND payment_method_id IN (${liveMethods(accountId)})
         AND EXISTS (SELECT 1 FROM price_offers po WHERE po.price_id = subscriptions.price_id AND po.name = 'retention')`,
  );
}

/** A saved card or SBP account. */
export interface SavedMethodRow {
  id: number;
  kind: string;
  title: string;
  cardBrand: string | null;
  cardLast4: string | null;
  expiry: string | null;
  createdAt: number;
}

export function savedMethodsOf(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT id, kind, title, card_brand AS cardBrand, card_last4 AS cardLast4, expiry, created_at AS createdAt
       FROM payment_methods WHERE account_id = ${accountId} AND deleted_at IS NULL ORDER BY created_at DESC, id DESC`,
  );
}

/**
 * Removing a saved method: the row stays (past orders name it) with deleted_at set, and every
 * subscription that renewed with it stops renewing. Two statements for one batch; the first
 * answers the removed row, the second the subscriptions that stopped.
 */
export function removeSavedMethod(
  db: D1Database,
  accountId: number,
  id: number,
  now: number,
): D1PreparedStatement[] {
  return [
    prepare(
      db,
      sql`UPDATE payment_methods SET deleted_at = ${now}
         WHERE account_id = ${accountId} AND id = ${id} AND deleted_at IS NULL RETURNING id`,
    ),
    prepare(
      db,
      sql`UPDATE subscriptions SET is_renew = 0, updated_at = ${now}
         WHERE account_id = ${accountId} AND payment_method_id = ${id} AND is_renew = 1
           AND EXISTS (SELECT 1 FROM payment_methods WHERE id = ${id} AND account_id = ${accountId} AND deleted_at = ${now})
         RETURNING id, (SELECT name FROM tariffs WHERE id = subscriptions.tariff_id) AS tariffName`,
    ),
  ];
}

/** One order of the payment history, with its payment and receipt when there are. */
export interface PaymentRow {
  orderId: string;
  kind: 'purchase' | 'renewal' | 'gift';
  status: 'pending' | 'succeeded' | 'canceled';
  amount: number;
  method: string;
  methodTitle: string | null;
  tariffId: number;
  tariffName: string;
  buyType: 'SVOD' | 'TVOD' | 'EST';
  periodDays: number;
  titleId: number | null;
  titleName: string | null;
  giftEmail: string | null;
  /** When it was paid, else when it was placed. */
  at: number;
  /** When it was paid; null for an order not (yet) paid. */
  paidAt: number | null;
  receiptId: string | null;
}

export function paymentsOf(
  db: D1Database,
  accountId: number,
  limit: number,
  offset: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT o.id AS orderId, o.kind, o.status, coalesce(p.amount, o.amount) AS amount, o.method,
         coalesce(p.method_title, pm.title) AS methodTitle, o.tariff_id AS tariffId, t.name AS tariffName, t.buy_type AS buyType,
         tp.period_duration AS periodDays, o.title_id AS titleId, ti.name AS titleName,
         o.gift_email AS giftEmail, coalesce(p.paid_at, o.created_at) AS at, p.paid_at AS paidAt,
         (SELECT r.id FROM receipts r WHERE r.order_id = o.id AND r.kind = 'income') AS receiptId
       FROM orders o
       JOIN tariffs t ON t.id = o.tariff_id
       JOIN tariff_prices tp ON tp.id = o.price_id
       LEFT JOIN payments p ON p.order_id = o.id
       LEFT JOIN payment_methods pm ON pm.id = o.payment_method_id
       LEFT JOIN titles ti ON ti.id = o.title_id
       WHERE o.account_id = ${accountId}
       ORDER BY at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

export function paymentsCount(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(db, sql`SELECT count(*) AS n FROM orders WHERE account_id = ${accountId}`);
}

/** A receipt as stored: its JSON body and the fiscal data beside it. */
export interface ReceiptRow {
  id: string;
  orderId: string;
  kind: 'income' | 'income_return';
  customerContact: string;
  body: string;
  total: number;
  fiscalStorage: string | null;
  fiscalDocument: string | null;
  fiscalSign: string | null;
  createdAt: number;
}

const RECEIPT_SELECT = `SELECT id, order_id AS orderId, kind, customer_contact AS customerContact, body, total,
    fiscal_storage AS fiscalStorage, fiscal_document AS fiscalDocument, fiscal_sign AS fiscalSign,
    created_at AS createdAt FROM receipts`;

export function receiptsOf(db: D1Database, accountId: number, limit = 50): D1PreparedStatement {
  return prepare(
    db,
    sql`${raw(RECEIPT_SELECT)} WHERE account_id = ${accountId} ORDER BY created_at DESC, id LIMIT ${limit}`,
  );
}

export function receiptOf(db: D1Database, accountId: number, id: string): D1PreparedStatement {
  return prepare(db, sql`${raw(RECEIPT_SELECT)} WHERE account_id = ${accountId} AND id = ${id}`);
}

/** A rental or purchase of a title. */
export interface RightRow {
  id: number;
  kind: 'rental' | 'purchase';
  titleId: number;
  titleName: string;
  productName: string;
  grantedAt: number;
  startsBy: number | null;
  startedAt: number | null;
  expiresAt: number | null;
}

export function titleRightsOf(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT e.id, e.kind, e.title_id AS titleId, t.name AS titleName, p.name AS productName,
         e.granted_at AS grantedAt, e.starts_by AS startsBy, e.started_at AS startedAt, e.expires_at AS expiresAt
       FROM entitlements e JOIN titles t ON t.id = e.title_id JOIN products p ON p.id = e.product_id
       WHERE e.account_id = ${accountId} AND e.kind IN ('rental', 'purchase')
       ORDER BY e.kind = 'purchase', e.granted_at DESC, e.id DESC`,
  );
}

/** The giftable subscriptions and their periods on sale. */
export interface GiftProductRow {
  tariffId: number;
  tariffName: string;
  description: string;
  priceId: number;
  periodDays: number;
  price: number;
}

export function giftProducts(db: D1Database): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT t.id AS tariffId, t.name AS tariffName, t.description, tp.id AS priceId,
       tp.period_duration AS periodDays, tp.price
     FROM tariffs t JOIN tariff_prices tp ON tp.tariff_id = t.id
     WHERE t.giftable = 1 AND t.on_sale = 1 AND t.buy_type = 'SVOD' AND tp.on_sale = 1 AND tp.period_duration > 0
     ORDER BY t.sort, tp.sort, tp.id`,
  );
}

/** A gift with what it gives. */
export interface GiftRow {
  id: number;
  orderId: string;
  buyerAccountId: number;
  tariffId: number;
  tariffName: string;
  productId: number;
  priceId: number;
  periodDays: number;
  recipientEmail: string;
  createdAt: number;
  acceptedBy: number | null;
  acceptedAt: number | null;
}

const GIFT_SELECT = `SELECT g.id, g.order_id AS orderId, g.buyer_account_id AS buyerAccountId,
    g.tariff_id AS tariffId, t.name AS tariffName, t.product_id AS productId, g.price_id AS priceId,
    tp.period_duration AS periodDays, g.recipient_email AS recipientEmail, g.created_at AS createdAt,
    g.accepted_by AS acceptedBy, g.accepted_at AS acceptedAt
  FROM gifts g JOIN tariffs t ON t.id = g.tariff_id JOIN tariff_prices tp ON tp.id = g.price_id`;

export function giftByTokenHash(db: D1Database, tokenHash: string): D1PreparedStatement {
  return prepare(db, sql`${raw(GIFT_SELECT)} WHERE g.token_hash = ${tokenHash}`);
}

export function giftById(db: D1Database, id: number): D1PreparedStatement {
  return prepare(db, sql`${raw(GIFT_SELECT)} WHERE g.id = ${id}`);
}

/** Gifts the account bought or accepted, newest first. */
export function giftsOf(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`${raw(GIFT_SELECT)} WHERE g.buyer_account_id = ${accountId} OR g.accepted_by = ${accountId} ORDER BY g.created_at DESC, g.id DESC`,
  );
}

/** Not JSON: the guard's json() raises on it. */
const GIFT_TAKEN = 'gift already accepted';

/**
 * Accepting a gift: the conditional UPDATE, then a guard that fails the whole batch unless that
 * UPDATE changed the row (SQLite's changes() of the statement just before, on the batch's one
 * connection; json() of a non-JSON text raises). So the grant statements after it run only for
 * the one request that accepted the gift, however many arrive at once.
 */
export function acceptGiftStatements(
  db: D1Database,
  giftId: number,
  accountId: number,
  now: number,
): D1PreparedStatement[] {
  return [
    prepare(
      db,
      sql`UPDATE gifts SET accepted_by = ${accountId}, accepted_at = ${now} WHERE id = ${giftId} AND accepted_by IS NULL`,
    ),
    prepare(
      db,
      sql`SELECT json(CASE WHEN changes() = 1 THEN '1' ELSE '${raw(GIFT_TAKEN)}' END) AS ok`,
    ),
  ];
}

/** A new token for a gift not yet accepted (re-sending its e-mail); changes nothing once accepted. */
export function replaceGiftToken(
  db: D1Database,
  giftId: number,
  buyerAccountId: number,
  tokenHash: string,
): D1PreparedStatement {
  return prepare(
    db,
    sql`UPDATE gifts SET token_hash = ${tokenHash} WHERE id = ${giftId} AND buyer_account_id = ${buyerAccountId} AND accepted_by IS NULL`,
  );
}

/** How many live rentals, purchases and saved cards the account has (the /settings sections). */
export function billingCounts(db: D1Database, accountId: number, now: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT (SELECT count(*) FROM entitlements WHERE account_id = ${accountId} AND kind = 'rental'
                 AND ((started_at IS NULL AND starts_by > ${now}) OR expires_at > ${now})) AS rentals,
              (SELECT count(*) FROM entitlements WHERE account_id = ${accountId} AND kind = 'purchase') AS purchases,
              (SELECT count(*) FROM payment_methods WHERE account_id = ${accountId} AND deleted_at IS NULL) AS cards`,
  );
}

/** A gift the account accepted (the latest when none is named), with the subscription it joined. */
export function acceptedGiftOf(
  db: D1Database,
  accountId: number,
  giftId: number | null,
): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT g.id, t.name AS tariff, tp.period_duration AS periodDays, s.granted_till AS grantedTill
       FROM gifts g JOIN tariffs t ON t.id = g.tariff_id JOIN tariff_prices tp ON tp.id = g.price_id
       LEFT JOIN subscriptions s ON s.account_id = g.accepted_by AND s.tariff_id = g.tariff_id
       WHERE g.accepted_by = ${accountId} AND (${giftId} IS NULL OR g.id = ${giftId})
       ORDER BY g.accepted_at DESC, g.id DESC LIMIT 1`,
  );
}
