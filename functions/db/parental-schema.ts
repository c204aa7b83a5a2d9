/**
 * Types of the parental-control tables (migration 0008_parental.sql, the source of truth; queried
 * in raw SQL by the parental domain).
 */

/** The spec's parental-control states (docs/product.md, «What we keep»); no row is Undefined. */
export const PARENTAL_STATUSES = ['Undefined', 'Enabled', 'Disabled'] as const;
export type ParentalStatus = (typeof PARENTAL_STATUSES)[number];

/** Age settings: content rated at or above needs the PIN. */
export const PARENTAL_AGE_LIMITS = [12, 16, 18] as const;
export type ParentalAgeLimit = (typeof PARENTAL_AGE_LIMITS)[number];
