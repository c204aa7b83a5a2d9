export { TECH_PAGE_SLUGS } from './repo.ts';
export { techPage } from './service.ts';
