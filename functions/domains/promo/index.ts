/**
 * Promo codes and vouchers (docs/product.md, «Money»): a code that grants days at once, or a
 * discount on the first period that billing's payment flow applies. The domain's one public entry.
 */

export {
  promoRedemptionStatements,
  promoReleaseStatements,
  promoReservationStatements,
  promoTakeBackStatement,
} from './promo.repo.ts';
export {
  lostPromoRace,
  normalizePromoCode,
  type PromoDiscount,
  promoDiscount,
  redeemedPromo,
  redeemPromoCode,
  takePromoAttempt,
} from './promo.ts';
export type { PromoResult } from './schemas.ts';
export * as promoSchemas from './schemas.ts';
export { promoTexts } from './texts.ts';
