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
