import type { AstroGlobal } from 'astro';
import {
  bannersQuery,
  type ShelfDto,
  showcaseQueries,
  toBannerDto,
  toShowcase,
  toShowcaseDto,
} from '../../functions/domains/catalogue/index.ts';
import type { CarouselKind } from './carousel.ts';
import { shareWithGuests } from './page-cache.ts';
import { loadPage } from './page-context.ts';
import { pageViewer } from './viewer.ts';

/**
 * The shelves a viewer sees, in order: empty shelves are left out, and the personal ones
 * (cw continue watching, nw now watching) only for a signed-in viewer.
 * @example shelvesToShow(shelves, false).some((s) => s.kind === 'cw') // false
 */
export function shelvesToShow(shelves: ShelfDto[], signedIn: boolean): ShelfDto[] {
  return shelves.filter((s) => s.items.length > 0 && (!('personal' in s) || signedIn));
}

/** Posters for title shelves; wide tiles for episodes, blog posts and shelves marked wide. */
export function carouselKindOf(shelf: ShelfDto): CarouselKind {
  return shelf.wide || shelf.kind === 'episodes' || shelf.kind === 'blog' ? 'wide' : 'poster';
}

/**
 * The home page's hero banners and featured shelves the viewer may see (functions/access), in
 * ONE batched D1 round trip with the layout's data; shared with other guests at the edge. Call it
 * from the page's frontmatter.
 */
export async function loadHomePage(Astro: AstroGlobal) {
  const { session } = Astro.locals.edge;
  const viewer = pageViewer(Astro);
  const { results } = await loadPage(
    Astro,
    (d) =>
      [...showcaseQueries(d, { kind: 'featured' }, viewer), bannersQuery(d, '/', viewer)] as const,
  );
  const [showcase, shelves, items, collectionItems, partnerItems, episodes, banners] = results;
  const found = toShowcase([showcase, shelves, items, collectionItems, partnerItems, episodes]);
  shareWithGuests(Astro);
  return {
    banners: banners.map(toBannerDto),
    // Playback puts the viewer's cw/nw items into their shelves here, before the filter.
    shelves: found ? shelvesToShow(toShowcaseDto(found).shelves, session.signedIn) : [],
  };
}
