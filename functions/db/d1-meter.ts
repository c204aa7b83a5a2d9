/**
 * Counts D1 round trips (a query, or a batch of queries, is one trip) made by this isolate, so
 * development tools and the benchmark can check that an uncached page costs at most two. Only
 * wired in when dev routes are on (never in production); read it at GET /dev/api/d1-meter.
 */
let roundTrips = 0;

/** Round trips so far in this isolate. */
export const d1RoundTrips = () => roundTrips;

const real = new WeakMap<object, D1PreparedStatement>();
const EXECUTE = new Set(['all', 'run', 'first', 'raw']);

function countStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const proxy = new Proxy(statement, {
    get(target, prop) {
      if (prop === 'bind') return (...values: unknown[]) => countStatement(target.bind(...values));
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      if (EXECUTE.has(String(prop))) roundTrips++;
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
  real.set(proxy, statement);
  return proxy;
}

/** The D1 binding with every query and batch counted; statements stay real D1 statements inside a batch. */
export function meteredD1(database: D1Database): D1Database {
  return new Proxy(database, {
    get(target, prop) {
      if (prop === 'prepare') return (query: string) => countStatement(target.prepare(query));
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          roundTrips++;
          return target.batch(statements.map((s) => real.get(s) ?? s));
        };
      }
      if (prop === 'exec') roundTrips++;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
