export { findSeoText, seoPathKey, seoTextQuery, toSeoText } from './repo.ts';
export type { SeoText } from './schemas.ts';
export * as seoSchemas from './schemas.ts';
export { seoTextOf } from './service.ts';
