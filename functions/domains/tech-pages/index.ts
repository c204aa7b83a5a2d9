export type { TechPage } from './repo.ts';
export { TECH_PAGE_SLUGS, techPageDatesQuery } from './repo.ts';
export type { TechPageSection } from './schemas.ts';
export * as techPageSchemas from './schemas.ts';
export { techPage } from './service.ts';
