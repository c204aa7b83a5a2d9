import { prepare, sql } from '../../../db/sql.ts';

/**
 * D1 of the account's saved cards and SBP accounts (docs/product.md, «Money»): the live ones, and
 * removing one, which stops the subscriptions that renewed with it. Scoped by the account.
 */

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
