export { findTechPage, TECH_PAGE_SLUGS } from './repo.ts';
