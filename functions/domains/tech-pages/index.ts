export type { TechPage, TechPageSection } from './repo.ts';
export { TECH_PAGE_SLUGS } from './repo.ts';
export { techPage } from './service.ts';
