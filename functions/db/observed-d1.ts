/**
 * A D1 binding or session that tells someone about each round trip before it goes: which
 * statements it holds and whether each reads or writes. The request's session uses it to know
 * whether the request wrote (its answer then carries a bookmark), the development meter to count.
 * Statements stay real D1 statements inside a batch, whatever wraps them.
 */

/** What `prepare` and `batch` are called on: the binding, or a session made from it. */
export type D1Like = Pick<D1Database, 'prepare' | 'batch'>;

/**
 * One round trip as it leaves: a query, or a batch of them (`writes[i]` tells whether statement i
 * writes), and `done`, which settles as D1 answers (rejected when the trip failed).
 */
export type TripObserver = (writes: readonly boolean[], done: Promise<unknown>) => void;

const LEADING_COMMENTS = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/)*/;
const DATA_CHANGE = /\b(?:insert|update|delete|replace)\b/i;

/**
 * Whether a statement writes, by what its SQL does: SELECT and VALUES read, and so does a WITH
 * whose parts change no data; anything else (INSERT, UPDATE, DELETE, REPLACE, DDL, PRAGMA) counts
 * as a write, so a doubtful statement errs towards a bookmark, never towards a stale read.
 * @example writesData('SELECT 1') // false; writesData('INSERT INTO t VALUES (1)') // true
 */
export function writesData(sql: string): boolean {
  const body = sql.replace(LEADING_COMMENTS, '');
  const verb = /^[a-z]+/i.exec(body)?.[0]?.toLowerCase();
  if (verb === 'select' || verb === 'values') return false;
  if (verb === 'with') return DATA_CHANGE.test(body);
  return true;
}

const EXECUTE = new Set(['all', 'run', 'first', 'raw']);
/** The real statement behind each wrapped one (a batch must get real statements). */
const realOf = new WeakMap<object, D1PreparedStatement>();
/** Whether each wrapped statement writes. */
const writeOf = new WeakMap<object, boolean>();

function observeStatement(
  statement: D1PreparedStatement,
  writes: boolean,
  observe: TripObserver,
): D1PreparedStatement {
  const wrapped = new Proxy(statement, {
    get(target, prop) {
      if (prop === 'bind')
        return (...values: unknown[]) => observeStatement(target.bind(...values), writes, observe);
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      const fn = (value as (...a: unknown[]) => unknown).bind(target);
      if (!EXECUTE.has(String(prop))) return fn;
      return (...args: unknown[]) => {
        const done = Promise.resolve(fn(...args));
        observe([writes], done);
        return done;
      };
    },
  });
  realOf.set(wrapped, realOf.get(statement) ?? statement);
  writeOf.set(wrapped, writes);
  return wrapped;
}

/**
 * `database` with `observe` told of every query and batch it runs. `exec`, `dump` and
 * `withSession` pass through untold (a session has none of them; no request code calls them).
 * @example observedD1(env.DB, (writes, done) => done.then(() => (wrote ||= writes.includes(true))))
 */
export function observedD1<T extends D1Like>(database: T, observe: TripObserver): T {
  return new Proxy(database, {
    get(target, prop) {
      if (prop === 'prepare')
        return (query: string) =>
          observeStatement(target.prepare(query), writesData(query), observe);
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) => {
          const done = target.batch(statements.map((s) => realOf.get(s) ?? s));
          observe(
            statements.map((s) => writeOf.get(s) ?? true),
            done,
          );
          return done;
        };
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}
