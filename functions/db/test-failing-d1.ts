/**
 * Test-only: the real D1 binding with an outage switched on, the way D1 fails in production (each
 * query or batch is one round trip that either happens whole or not at all). The app gets it as
 * `env.DB` through `withEnv`, so nothing of our own code is replaced.
 */

/** What D1 says when it cannot be reached (one of the transient errors D1 documents). */
export const OUTAGE = 'D1_ERROR: Network connection lost.';

const WRITE = /^\s*(insert|update|delete|replace)\b|\breturning\b/i;
/** The sandbox acquirer stands in for another company's service: its storage stays up. */
const ACQUIRER = /\bsandbox_/;

export interface Outage {
  /** Fail every round trip, reads too. */
  all?: boolean;
  /** Fail the n-th writing round trip (1-based) and every one after it. */
  fromWrite?: number;
}

/** The binding, and how many writing round trips it has let through so far. */
export function failingD1(database: D1Database, outage: Outage) {
  const real = new WeakMap<object, D1PreparedStatement>();
  const state = { writes: 0 };
  const trip = (sqls: string[]) => {
    if (sqls.every((s) => ACQUIRER.test(s))) return;
    if (outage.all) throw new Error(OUTAGE);
    if (!sqls.some((s) => WRITE.test(s))) return;
    state.writes++;
    if (outage.fromWrite !== undefined && state.writes >= outage.fromWrite) throw new Error(OUTAGE);
  };
  const sqlOf = new WeakMap<object, string>();
  const statement = (s: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const proxy = new Proxy(s, {
      get(target, prop) {
        if (prop === 'bind') return (...v: unknown[]) => statement(target.bind(...v), sql);
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        if (['all', 'run', 'first', 'raw'].includes(String(prop)))
          return async (...a: unknown[]) => {
            trip([sql]);
            return (value as (...a: unknown[]) => unknown).apply(target, a);
          };
        return (value as (...a: unknown[]) => unknown).bind(target);
      },
    });
    real.set(proxy, s);
    sqlOf.set(proxy, sql);
    return proxy;
  };
  // The binding, and any session made from it (the app's requests read through one), fail alike.
  const failing = <T extends object>(target: T & Pick<D1Database, 'prepare' | 'batch'>): T =>
    new Proxy(target, {
      get(t, prop) {
        if (prop === 'prepare') return (sql: string) => statement(t.prepare(sql), sql);
        if (prop === 'batch')
          return async (list: D1PreparedStatement[]) => {
            trip(list.map((s) => sqlOf.get(s) ?? ''));
            return t.batch(list.map((s) => real.get(s) ?? s));
          };
        if (prop === 'withSession' && 'withSession' in t)
          return (start?: string) => failing((t as unknown as D1Database).withSession(start));
        if (prop === 'exec' && 'exec' in t)
          return async (sql: string) => {
            trip([sql]);
            return (t as unknown as D1Database).exec(sql);
          };
        const value = Reflect.get(t, prop, t) as unknown;
        return typeof value === 'function'
          ? (value as (...a: unknown[]) => unknown).bind(t)
          : value;
      },
    });
  const db = failing(database);
  return { db, state };
}
