/**
 * Running what repositories prepare (sql.ts): one query, or several in one D1 batch (one round
 * trip, one transaction), each result read by its own reader. Services import this, never SQL.
 */

/** A prepared statement and how to read its result, so a batch of them keeps each one's type. */
export interface Query<R> {
  readonly statement: D1PreparedStatement;
  readonly read: (rows: Record<string, unknown>[]) => R;
}

/** What a list of queries returns, item by item. */
export type Results<T extends readonly Query<unknown>[]> = {
  -readonly [K in keyof T]: T[K] extends Query<infer R> ? R : never;
};

/** Runs one query: one round trip. */
export async function run<R>(query: Query<R>): Promise<R> {
  const { results } = await query.statement.all<Record<string, unknown>>();
  return query.read(results);
}

/**
 * Runs the queries in ONE D1 batch (one round trip, in one transaction) and reads each result.
 * @example const [flags, seo] = await batch(d, [allFlags(d), seoTextQuery(d, '/')] as const);
 */
export async function batch<const T extends readonly Query<unknown>[]>(
  d: D1Database,
  queries: T,
): Promise<Results<T>> {
  if (queries.length === 0) return [] as unknown as Results<T>;
  const results = await d.batch<Record<string, unknown>>(queries.map((q) => q.statement));
  return queries.map((q, i) => q.read(results[i]?.results ?? [])) as unknown as Results<T>;
}
