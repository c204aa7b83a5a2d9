import { d1 } from '../../db/client.ts';
import { findTechPage, type TechPageSlug } from './repo.ts';

/** A help page (FAQ, contacts) from the CMS; undefined when it is not filled in. */
export const techPage = (slug: TechPageSlug) => findTechPage(d1(), slug);
