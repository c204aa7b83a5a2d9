import { env } from 'cloudflare:workers';

/** Columns that count attempts: a refused or failed attempt is meant to count. */
const COUNTERS: Record<string, string[]> = { auth_codes: ['attempts'] };

/**
 * The local stand-in for the customer-marketing tool: it records a signed-in viewer's visit once a
 * day, whatever the request was; in production those calls leave for another company's service.
 */
const OUTSIDE = ['marketing_calls'];

/** A table's name in SQL, quoted. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Test-only: every row of every table, to tell whether a request changed any data. Attempt
 * counters (the rate limits' table, COUNTERS) are left out: a refused attempt is meant to count;
 * so are the records of outside services' stand-ins (OUTSIDE). One statement reads them all (each
 * row as a JSON array of its values, SQL-quoted), not a batch of one statement per table: about
 * eighty tables, read hundreds of times by the fuzzing.
 */
export async function fingerprint(): Promise<Map<string, string>> {
  const { results } = await env.DB.prepare(
    `SELECT m.name AS name, json_group_array(c.name) AS columns
     FROM sqlite_master AS m, pragma_table_info(m.name) AS c
     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_cf_%'
       AND m.name NOT LIKE 'd1_%' AND m.name != 'rate_limits' AND m.sql NOT LIKE 'CREATE VIRTUAL%'
     GROUP BY m.name ORDER BY m.name`,
  ).all<{ name: string; columns: string }>();
  const tables = results.filter((t) => !OUTSIDE.includes(t.name));
  // One column per table: its rows as a JSON array of arrays of SQL-quoted values.
  const columns = tables.map((t, i) => {
    const counters = COUNTERS[t.name] ?? [];
    const values = (JSON.parse(t.columns) as string[])
      .filter((c) => !counters.includes(c))
      .map((c) => `quote(${quoted(c)})`);
    return `(SELECT json_group_array(json_array(${values.join(', ')})) FROM ${quoted(t.name)}) AS t${i}`;
  });
  const [row] = await env.DB.prepare(`SELECT ${columns.join(',\n')}`).raw<string>();
  return new Map(tables.map((t, i) => [t.name, row![i]!]));
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, rows]) => before.get(t) !== rows).map(([t]) => t);
}
