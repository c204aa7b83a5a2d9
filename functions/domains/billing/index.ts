/**
 * Billing (docs/product.md, «Money»): what is sold, orders and payments, subscriptions and their
 * renewal, receipts, gifts and promo codes. The domain's one public entry.
 */
export { type Grant, type GrantTariff, grantStatements } from './grant.ts';
