import type { Query } from '../../db/run.ts';
import { firstRow, prepare, sql } from '../../db/sql.ts';

/** D1 of the Aeroflot card (migration 0024): one row per account, one account per number. */

export interface CardRow {
  number: string;
  attachedAt: number;
}

export const cardOf = (d: D1Database, accountId: number): Query<CardRow | undefined> =>
  firstRow<CardRow>(
    d,
    sql`SELECT number, attached_at AS attachedAt FROM aeroflot_cards WHERE account_id = ${accountId}`,
  );

/**
 * Attaches the number, replacing the account's earlier one; a number another account holds breaks
 * the UNIQUE constraint and changes nothing.
 */
export const attachStatement = (
  d: D1Database,
  accountId: number,
  number: string,
  now: number,
): D1PreparedStatement =>
  prepare(
    d,
    sql`INSERT INTO aeroflot_cards (account_id, number, attached_at) VALUES (${accountId}, ${number}, ${now})
       ON CONFLICT (account_id) DO UPDATE SET number = excluded.number, attached_at = excluded.attached_at
       WHERE aeroflot_cards.number <> excluded.number`,
  );

export const detachStatement = (d: D1Database, accountId: number): D1PreparedStatement =>
  prepare(d, sql`DELETE FROM aeroflot_cards WHERE account_id = ${accountId}`);

/** Whether a failed attach lost the number to another account. */
export const numberTaken = (error: unknown) =>
  /UNIQUE constraint failed: aeroflot_cards\.number/.test(String(error));

/** Kopecks of payment per mile earned: a mile for every full 30 ₽ (docs/product.md, «Money»). */
export const KOPECKS_PER_MILE = 3000;

/**
 * For the batch that confirms a paid order, before the statement that finishes it: the miles the
 * payment earns the account's card, if it has one, once per order and only while the order is
 * still pending (a second confirmation adds nothing).
 */
export function milesStatement(
  d: D1Database,
  o: { orderId: string; accountId: number; amount: number; now: number },
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT OR IGNORE INTO aeroflot_accruals (order_id, account_id, number, miles, created_at)
       SELECT ${o.orderId}, account_id, number, CAST(${o.amount} / ${KOPECKS_PER_MILE} AS INTEGER), ${o.now}
         FROM aeroflot_cards
        WHERE account_id = ${o.accountId} AND ${o.amount} >= ${KOPECKS_PER_MILE}
          AND EXISTS (SELECT 1 FROM orders WHERE id = ${o.orderId} AND status = 'pending')`,
  );
}
