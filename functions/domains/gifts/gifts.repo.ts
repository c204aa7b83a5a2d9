import { prepare, raw, sql } from '../../db/sql.ts';
/**
 * D1 of gifts: the giftable subscriptions, gifts bought by and for an account, accepting one and
 * re-sending its e-mail. Each function answers one prepared statement (or one batch's statements).
 */

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
