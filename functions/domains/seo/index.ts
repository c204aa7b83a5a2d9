export type { SeoText } from './repo.ts';
export { findSeoText, seoPathKey, toSeoText } from './repo.ts';
export { seoTextOf } from './service.ts';
