import { d1 } from './client.ts';

/**
 * Development only (README, «Development routes»): runs operator SQL through the Worker's own D1
 * binding, as `wrangler d1 execute` would against the same database, in one transaction. Browser
 * journeys change seeded rows this way instead of opening the database file from a second process,
 * whose lock made the running Worker answer 503 to whatever request met it.
 * @example await runDevSql(["UPDATE feature_flags SET enabled = 0 WHERE name = 'disable-dazn'"])
 */
export async function runDevSql(statements: readonly string[]): Promise<number> {
  const db = d1();
  const results = await db.batch(statements.map((sql) => db.prepare(sql)));
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}
