import type { Query } from '../db/run.ts';
import { firstRow, sql } from '../db/sql.ts';

/** Whether the account is staff: one indexed read, asked only for a signed-in viewer. */
export function staffQuery(d: D1Database, accountId: number): Query<boolean> {
  const q = firstRow(d, sql`SELECT 1 AS yes FROM staff WHERE account_id = ${accountId}`);
  return { statement: q.statement, read: (all) => all.length > 0 };
}
