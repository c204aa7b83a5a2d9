import type { AstroGlobal } from 'astro';
import {
  bannersQuery,
  type ShelfDto,
  showcaseQueries,
  toBannerDto,
  toCard,
  toShowcase,
  toShowcaseDto,
} from '../../functions/domains/catalogue/index.ts';
import { continueCards, homeShelfQueries } from '../../functions/domains/my/index.ts';
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
  // The personal shelves (cw, nw) only for a signed-in profile, whose page is never shared; the
  // guests' shared copy has none.
  const profileId = session.signedIn ? Number(session.userId) : Number.NaN;
  const personal = Number.isInteger(profileId);
  const { results } = await loadPage(
    Astro,
    (d) =>
      [
        ...showcaseQueries(d, { kind: 'featured' }, viewer),
        bannersQuery(d, '/', viewer),
        ...homeShelfQueries(d, personal ? profileId : null, viewer, Math.floor(Date.now() / 1000)),
      ] as const,
  );
  const [showcase, shelves, items, collectionItems, partnerItems, episodes, banners, cw, nw] =
    results;
  const found = toShowcase([showcase, shelves, items, collectionItems, partnerItems, episodes]);
  shareWithGuests(Astro);
  const filled = found
    ? toShowcaseDto(found).shelves.map((shelf): ShelfDto => {
        if (!personal) return shelf;
        if (shelf.kind === 'cw') return { ...shelf, items: continueCards(cw) };
        if (shelf.kind === 'nw') return { ...shelf, items: nw.map(toCard) };
        return shelf;
      })
    : [];
  return {
    banners: banners.map(toBannerDto),
    shelves: shelvesToShow(filled, personal),
  };
}
