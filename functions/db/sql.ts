import type { Query } from './run.ts';

/**
 * SQL fragments with their bound values, and typed D1 statements. Values never enter the SQL text:
 * `sql` puts a `?` where each value goes, so a dynamic filter is a list of fragments joined by
 * `and`/`where`, never a concatenation of values. Only repositories (`*.repo.ts`) write SQL, so only
 * they import this module's values; services run what repositories give them (run.ts).
 */

/** A piece of SQL and the values its `?` placeholders take, in order. */
export interface Sql {
  readonly text: string;
  readonly values: readonly unknown[];
}

const isSql = (value: unknown): value is Sql =>
  typeof value === 'object' && value !== null && 'text' in value && 'values' in value;

/**
 * A fragment from a template: each `${value}` becomes a bound `?`, a `${fragment}` is inlined
 * with its own values, and an array becomes a comma-separated list of `?`.
 * @example sql`t.year = ${2020} AND ${visible}` // { text: 't.year = ? AND (…)', values: [2020, …] }
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = strings[0] ?? '';
  const bound: unknown[] = [];
  values.forEach((value, i) => {
    if (isSql(value)) {
      text += value.text;
      bound.push(...value.values);
    } else if (Array.isArray(value)) {
      text += value.map(() => '?').join(', ');
      bound.push(...value);
    } else {
      // D1 refuses to bind undefined; an absent value is SQL NULL.
      text += '?';
      bound.push(value ?? null);
    }
    text += strings[i + 1] ?? '';
  });
  return { text, values: bound };
}

/** SQL text that takes no values, e.g. a column list or an ORDER BY picked from a fixed set. */
export const raw = (text: string): Sql => ({ text, values: [] });

/**
 * Fragments joined by `separator` (a comma by default), each with its own values.
 * @example join([sql`(${1}, ${2})`, sql`(${3}, ${4})`]) // { text: '(?, ?), (?, ?)', values: [1, 2, 3, 4] }
 */
export function join(parts: readonly Sql[], separator = ', '): Sql {
  return {
    text: parts.map((p) => p.text).join(separator),
    values: parts.flatMap((p) => p.values),
  };
}

/**
 * The non-empty conditions joined with AND, each and the whole in parentheses (so the result is
 * safe beside an OR); an empty fragment when none is left.
 * @example and(sql`a = ${1}`, undefined, sql`b = ${2}`) // { text: '((a = ?) AND (b = ?))', values: [1, 2] }
 */
export function and(...parts: (Sql | undefined | false)[]): Sql {
  const kept = parts.filter((p): p is Sql => !!p && p.text.trim() !== '');
  return {
    text:
      kept.length > 1
        ? `(${kept.map((p) => `(${p.text})`).join(' AND ')})`
        : kept.map((p) => `(${p.text})`).join(''),
    values: kept.flatMap((p) => p.values),
  };
}

/** `WHERE` and the non-empty conditions joined with AND; empty text when there are none. */
export function where(...parts: (Sql | undefined | false)[]): Sql {
  const joined = and(...parts);
  return joined.text ? { text: `WHERE ${joined.text}`, values: joined.values } : joined;
}

/** A statement from a fragment. */
export const prepare = (d: D1Database, q: Sql): D1PreparedStatement =>
  q.values.length ? d.prepare(q.text).bind(...q.values) : d.prepare(q.text);

/** A query whose result is every row, each read by `row` (as is when the columns already fit). */
export function rows<Row>(
  d: D1Database,
  q: Sql,
  row: (r: Record<string, unknown>) => Row = (r) => r as Row,
): Query<Row[]> {
  return { statement: prepare(d, q), read: (all) => all.map(row) };
}

/** A query whose result is its first row, or undefined. */
export function firstRow<Row>(
  d: D1Database,
  q: Sql,
  row: (r: Record<string, unknown>) => Row = (r) => r as Row,
): Query<Row | undefined> {
  return { statement: prepare(d, q), read: (all) => (all[0] ? row(all[0]) : undefined) };
}

/** SQLite's 0/1 as a boolean (D1 returns integers for boolean columns). */
export const bool = (value: unknown): boolean => value === 1 || value === true;

/** A JSON text column parsed; `fallback` when it is null. */
export function json<T>(value: unknown, fallback: T): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : fallback;
}
