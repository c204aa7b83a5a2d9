export { findSeoText, seoPathKey, seoTextQuery, toSeoText } from './repo.ts';
export type { SeoText } from './schemas.ts';
export * as seoSchemas from './schemas.ts';
export { seoTextOf } from './service.ts';
export {
  SITEMAP_MAX_URLS,
  type SitemapAnswer,
  type SitemapUrl,
  sitemapAnswer,
  sitemapIndexXml,
  sitemapPartPath,
  splitSitemap,
  urlsetXml,
  w3cDatetime,
} from './sitemap.ts';
