import { env } from 'cloudflare:workers';

/** Columns that count attempts: a refused or failed attempt is meant to count. */
const COUNTERS: Record<string, string[]> = { auth_codes: ['attempts'] };

/**
 * The local stand-in for the customer-marketing tool: it records a signed-in viewer's visit once a
 * day, whatever the request was; in production those calls leave for another company's service.
 */
const OUTSIDE = ['marketing_calls'];

/**
 * Test-only: every row of every table, to tell whether a request changed any data. Attempt
 * counters (the rate limits' table, COUNTERS) are left out: a refused attempt is meant to count;
 * so are the records of outside services' stand-ins (OUTSIDE).
 */
export async function fingerprint(): Promise<Map<string, string>> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master
     WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND name NOT LIKE 'd1_%' AND name != 'rate_limits' AND sql NOT LIKE 'CREATE VIRTUAL%'
     ORDER BY name`,
  ).all<{ name: string }>();
  const tables = results.filter((t) => !OUTSIDE.includes(t.name));
  const rows = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM "${t.name}"`)));
  return new Map(
    tables.map((t, i) => {
      const counters = COUNTERS[t.name] ?? [];
      const kept = (rows[i]!.results as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(Object.entries(row).filter(([k]) => !counters.includes(k))),
      );
      return [t.name, JSON.stringify(kept)];
    }),
  );
}

/** The tables whose rows differ between two fingerprints. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([t, rows]) => before.get(t) !== rows).map(([t]) => t);
}
