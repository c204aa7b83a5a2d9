export type { SeoText } from './repo.ts';
export { findSeoText, seoPathKey, seoTextQuery, toSeoText } from './repo.ts';
export { seoTextOf } from './service.ts';
