/**
 * Grants (docs/product.md, «Money»): the one place a right is granted, for a paid order (billing),
 * an accepted gift (gifts), a redeemed code (promo) or free days (offers). It imports no other
 * domain, so each of those can use it without meeting the others. The domain's one public entry.
 */

export { type DaysGrant, daysGrantStatements } from './days-grant.ts';
export { type Grant, type GrantTariff, grantStatements } from './grant.ts';
