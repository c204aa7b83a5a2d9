/**
 * The one answer to "may this viewer see or do this?" (docs/product.md, "Who may see what"):
 * region, age and kid rules. Every list, detail, search, sitemap, page and API call asks here.
 */
export { type AgeRating, KID_MAX_AGE, maxAgeFor } from './age.ts';
export {
  CIS_COUNTRIES,
  type CisCountry,
  type Geo,
  geoOf,
  isCis,
  type RegionGroup,
} from './region.ts';
