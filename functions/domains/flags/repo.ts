import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema.ts';

/** Remote flags of spec section 3/7, plus the HBO Max availability switch of the CMS. */
export const FLAG_NAMES = [
  'web-enable-calendar',
  'disable-dazn',
  'enable-trailers',
  'hbo-max-available',
] as const;
export type FlagName = (typeof FLAG_NAMES)[number];

/** Feature toggles of spec section 3 as the pages use them. */
export interface Toggles {
  isDaznDisabled: boolean;
  isTrailersAvailability: boolean;
  isHBOAvailable: boolean;
  isCalendarEnabled: boolean;
}

export async function findFlag(db: Db, name: string) {
  return db.query.featureFlags.findFirst({ where: eq(featureFlags.name, name) });
}

/** The query behind the toggles; pages batch it with their other reads. */
export function allFlags(db: Db) {
  return db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
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
