/**
 * Billing (docs/product.md, «Money»): what is sold, orders and payments, subscriptions and their
 * renewal, receipts, gifts and promo codes. The domain's one public entry.
 */
export { type Grant, type GrantTariff, grantStatements } from './grant.ts';
// Promo codes and vouchers (promo*.ts).
export {
  normalizePromoCode,
  type PromoDiscount,
  type PromoResult,
  promoDiscount,
  promoRedemptionStatements,
  redeemedPromo,
  redeemPromoCode,
} from './promo.ts';
export { promoTexts } from './promo-texts.ts';
