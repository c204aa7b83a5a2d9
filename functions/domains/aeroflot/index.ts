/**
 * The Aeroflot card (docs/product.md, «Money»): an account's Aeroflot Bonus number. The domain's
 * one entry.
 */

export { KOPECKS_PER_MILE, milesStatement } from './aeroflot.repo.ts';
export {
  aeroflotCard,
  aeroflotPage,
  attachAeroflotCard,
  detachAeroflotCard,
  normalizeMemberNumber,
  normalizeSurname,
} from './aeroflot.ts';
export type { AeroflotPartner } from './partner.ts';
export type { AeroflotCard } from './schemas.ts';
export * as aeroflotSchemas from './schemas.ts';
export { aeroflotTexts } from './texts.ts';
