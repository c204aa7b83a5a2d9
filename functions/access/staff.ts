import type { Query } from '../db/run.ts';
import { firstRow, sql } from '../db/sql.ts';
import type { Viewer } from './viewer.ts';

/**
 * Staff reports (docs/product.md, «What we measure»): only an account in `staff`, on an adult
 * profile, may read them. Everyone else gets the not-found answer, so the reports' address tells
 * a visitor nothing (docs/decisions.md, "Staff reports answer 404 to everyone else").
 */
export function canReadReports(viewer: Viewer, isStaff: boolean): boolean {
  return viewer.account !== null && !viewer.isKid && isStaff;
}

/** Whether the account is staff: one indexed read, asked only for a signed-in viewer. */
export function staffQuery(d: D1Database, accountId: number): Query<boolean> {
  const q = firstRow(d, sql`SELECT 1 AS yes FROM staff WHERE account_id = ${accountId}`);
  return { statement: q.statement, read: (all) => all.length > 0 };
}
