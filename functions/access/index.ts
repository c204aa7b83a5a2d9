/**
 * The one answer to "may this viewer see or do this?" (docs/product.md, "Who may see what"):
 * region, age and kid rules, and what may play (free, entitlement, PIN). Every list, detail, search, sitemap, page and API call asks here.
 */
export { assertMayManageAccount, KID_ACCOUNT_TEXT, mayManageAccount } from './account.ts';
export { type AgeRating, KID_MAX_AGE } from './age.ts';
export { assertMayPay, KID_MONEY_TEXT, mayPay } from './money.ts';
export { mayManageParental } from './parental.ts';
export {
  canPlay,
  type Entitlement,
  type PlayDecision,
  type PlayItem,
  type Rights,
  type Unlock,
} from './play.ts';
export { assertCanSee, refusal } from './refuse.ts';
export {
  CIS_COUNTRIES,
  type CisCountry,
  type Geo,
  geoOf,
  isCis,
  type RegionGroup,
} from './region.ts';
export { entitlementsQuery, parentalQuery, startRental } from './rights.repo.ts';
export { toRights } from './rights.ts';
export {
  CIS_ONLY_PARTNERS,
  CIS_ONLY_TYPES,
  canSee,
  type Decision,
  type Item,
  isCisOnlySection,
  isCisOnlyTitle,
  type PlayReason,
  type Reason,
  type Section,
  type SeeReason,
} from './rules.ts';
export { staffQuery } from './staff.repo.ts';
export { canReadReports, canRefund } from './staff.ts';
export { accessTexts } from './texts.ts';
export { type Viewer, type ViewerSource, viewerOf } from './viewer.ts';
export { visibleChannels, visibleShelves, visibleTitles } from './visibility.repo.ts';
