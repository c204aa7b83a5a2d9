import { type Query, run } from '../../db/run.ts';
import { bool, firstRow, rows, sql } from '../../db/sql.ts';

/** Remote flags of docs/product.md, «What we keep»/7, plus the HBO Max availability switch of the CMS. */
export const FLAG_NAMES = [
  'web-enable-calendar',
  'disable-dazn',
  'enable-trailers',
  'hbo-max-available',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** Feature toggles of docs/product.md, «What we keep» as the pages use them. */
export interface Toggles {
  isDaznDisabled: boolean;
  isTrailersAvailability: boolean;
  isHBOAvailable: boolean;
  isCalendarEnabled: boolean;
}

export interface FlagRow {
  name: string;
  enabled: boolean;
}

const toFlag = (r: Record<string, unknown>): FlagRow => ({
  name: String(r.name),
  enabled: bool(r.enabled),
});

export async function findFlag(d: D1Database, name: string): Promise<FlagRow | undefined> {
  return run(
    firstRow(d, sql`SELECT name, enabled FROM feature_flags WHERE name = ${name}`, toFlag),
  );
}

/** The query behind the toggles; pages batch it with their other reads. */
export function allFlags(d: D1Database): Query<FlagRow[]> {
  return rows(d, sql`SELECT name, enabled FROM feature_flags`, toFlag);
}

/** Toggles from flag rows: a missing row is "off", except HBO Max, which is on unless switched off. */
export function togglesFrom(rows: { name: string; enabled: boolean }[]): Toggles {
  const on = new Map(rows.map((r) => [r.name, r.enabled]));
  return {
    isDaznDisabled: on.get('disable-dazn') ?? false,
    isTrailersAvailability: on.get('enable-trailers') ?? false,
    isHBOAvailable: on.get('hbo-max-available') ?? true,
    isCalendarEnabled: on.get('web-enable-calendar') ?? false,
  };
}
