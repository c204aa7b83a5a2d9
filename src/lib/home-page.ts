import type { AstroGlobal } from 'astro';
import {
  bannersQuery,
  listTitlesQuery,
  type ShelfDto,
  showcaseQueries,
  type TitleCard,
  type TitleType,
  toBannerDto,
  toCard,
  toShowcase,
  toShowcaseDto,
} from '../../functions/domains/catalogue/index.ts';
import { continueCards, homeShelfQueries, pendingOf } from '../../functions/domains/my/index.ts';
import { showcaseTexts } from '../components/showcase/texts.ts';
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

/**
 * Posters for title shelves; wide tiles (16:9 frames) for continue watching, episodes, blog posts
 * and shelves marked wide.
 */
export function carouselKindOf(shelf: ShelfDto): CarouselKind {
  // A shelf of trailers shows their 16:9 frames, as every trailer card does.
  const trailers =
    (shelf.kind === 'editors' || shelf.kind === 'partner') &&
    shelf.items.length > 0 &&
    shelf.items.every((card) => card.type === 'trailer');
  return shelf.wide || trailers || ['cw', 'episodes', 'blog'].includes(shelf.kind)
    ? 'wide'
    : 'poster';
}

/**
 * Continue watching first: what the viewer started is what they most likely came back for, so
 * its shelf comes right under the hero, before the editors' shelves (the others keep their order).
 * @example continueFirst([{ kind: 'editors' }, { kind: 'cw' }]) // [{ kind: 'cw' }, { kind: 'editors' }]
 */
export function continueFirst<S extends { kind: string }>(shelves: S[]): S[] {
  return [...shelves.filter((s) => s.kind === 'cw'), ...shelves.filter((s) => s.kind !== 'cw')];
}

/**
 * Where one of the home page's shelves is rendered alone, as an HTML fragment
 * (src/pages/home/shelves/[id].astro): the page's later shelves fetch their carousel from it.
 * @example laterShelfPath(12) // '/home/shelves/12'
 */
export const laterShelfPath = (id: number) => `/home/shelves/${id}`;

/** Slides the home page's first response carries whole, at most (beyond its first shelf). */
const FIRST_RESPONSE_SLIDES = 40;

/**
 * How many shelves the home page's first response carries whole: the first screen's, while their
 * slides stay within FIRST_RESPONSE_SLIDES (always the first); the rest come later, each as its
 * heading and links first and its carousel as it nears the viewport (docs/decisions.md, «The home
 * page's later shelves»).
 * @example firstShelfCount([12, 24, 20].map((n) => ({ items: Array(n) }))) // 2
 */
export function firstShelfCount(shelves: { items: unknown[] }[]): number {
  let slides = 0;
  let count = 0;
  for (const shelf of shelves) {
    slides += shelf.items.length;
    if (count > 0 && slides > FIRST_RESPONSE_SLIDES) break;
    count++;
  }
  return count;
}

/** How many titles a kid shelf shows, and the fewest that still make a shelf. */
export const KID_SHELF_SIZE = 12;
const KID_SHELF_MIN = 6;

/**
 * Shelves in which no title comes twice: each shelf, in order, takes its first titles that no
 * earlier shelf took, up to `size`; a shelf left with fewer than `min` is dropped, so every shelf
 * on the page is full.
 * @example distinctShelves([{ name: 'А', items: [a, b] }, { name: 'Б', items: [b, c] }], 2, 1) // А: a, b; Б: c
 */
export function distinctShelves<S extends { items: TitleCard[] }>(
  shelves: S[],
  size = KID_SHELF_SIZE,
  min = KID_SHELF_MIN,
  /** Titles already on the page above these shelves. */
  taken = new Set<number>(),
): S[] {
  const kept: S[] = [];
  for (const shelf of shelves) {
    const items = shelf.items.filter((c) => !taken.has(c.id)).slice(0, size);
    if (items.length < min) continue;
    for (const c of items) taken.add(c.id);
    kept.push({ ...shelf, items });
  }
  return kept;
}

const k = showcaseTexts.kidShelves;
const KIDS_ALL: TitleType[] = ['kids', 'movie', 'series'];
/** A kid profile's shelves, from the catalogue lists a kid may see (functions/access caps them). */
const KID_SHELVES = [
  { name: k.cartoons, types: ['kids'], sort: 'popular' },
  { name: k.fresh, types: ['kids'], sort: 'new' },
  { name: k.adventures, types: KIDS_ALL, genre: 'adventure', sort: 'rating' },
  { name: k.musicals, types: KIDS_ALL, genre: 'musical', sort: 'popular' },
  { name: k.movies, types: ['movie'], sort: 'popular' },
  { name: k.series, types: ['series'], sort: 'popular' },
  { name: k.best, types: KIDS_ALL, sort: 'rating' },
] as const satisfies {
  name: string;
  types: readonly TitleType[];
  genre?: string;
  sort: 'popular' | 'new' | 'rating';
}[];
// Enough candidates that every shelf stays full once the earlier shelves took theirs.
const KID_CANDIDATES = 40;

/**
 * A kid profile's home (signed in, never shared): no banners or offers, continue watching first,
 * then the kid shelves without a title twice on the page, in ONE batched D1 round trip.
 */
async function loadKidHome(Astro: AstroGlobal, profileId: number) {
  const viewer = pageViewer(Astro);
  // Beside the batch, the positions the account's object has not written to D1 yet.
  const [{ results }, pending] = await Promise.all([
    loadPage(
      Astro,
      (d) =>
        [
          homeShelfQueries(d, profileId, viewer, Math.floor(Date.now() / 1000))[0],
          ...KID_SHELVES.map((shelf) =>
            listTitlesQuery(
              d,
              {
                types: [...shelf.types],
                genre: 'genre' in shelf ? shelf.genre : undefined,
                viewer,
                sort: shelf.sort,
              },
              { page: 1, page_size: KID_CANDIDATES },
            ),
          ),
        ] as const,
    ),
    pendingOf(Astro.locals.edge.session.accountId, profileId),
  ]);
  const [cw, ...lists] = results;
  const base = { wide: false, partner: null, collection: null, collectionSlug: null };
  const resume = continueCards(cw, pending).slice(0, KID_SHELF_SIZE);
  const picked = distinctShelves(
    KID_SHELVES.map((shelf, i) => ({
      ...base,
      id: 901 + i,
      kind: 'editors' as const,
      name: shelf.name,
      items: lists[i]!.map(toCard),
    })),
    KID_SHELF_SIZE,
    KID_SHELF_MIN,
    new Set(resume.map((c) => c.id)),
  );
  const shelves: ShelfDto[] = [
    ...(resume.length
      ? [
          {
            ...base,
            id: 900,
            kind: 'cw' as const,
            personal: true as const,
            name: k.resume,
            items: resume,
          },
        ]
      : []),
    ...picked,
  ];
  return { kid: true as const, banners: [], shelves };
}

/**
 * The home page's hero banners and featured shelves the viewer may see (functions/access), in
 * ONE batched D1 round trip with the layout's data; shared with other guests at the edge. A kid
 * profile gets its own home (`loadKidHome`). Call it from the page's frontmatter.
 */
export async function loadHomePage(Astro: AstroGlobal) {
  const { session } = Astro.locals.edge;
  const kidId = session.signedIn && session.isKid ? Number(session.userId) : Number.NaN;
  if (Number.isInteger(kidId)) return loadKidHome(Astro, kidId);
  const viewer = pageViewer(Astro);
  // The personal shelves (cw, nw) only for a signed-in profile, whose page is never shared; the
  // guests' shared copy has none.
  const profileId = session.signedIn ? Number(session.userId) : Number.NaN;
  const personal = Number.isInteger(profileId);
  const [{ results }, pending] = await Promise.all([
    loadPage(
      Astro,
      (d) =>
        [
          ...showcaseQueries(d, { kind: 'featured' }, viewer),
          bannersQuery(d, '/', viewer),
          ...homeShelfQueries(
            d,
            personal ? profileId : null,
            viewer,
            Math.floor(Date.now() / 1000),
          ),
        ] as const,
    ),
    pendingOf(session.accountId, personal ? profileId : null),
  ]);
  const [showcase, shelves, items, collectionItems, partnerItems, episodes, banners, cw, nw] =
    results;
  const found = toShowcase([showcase, shelves, items, collectionItems, partnerItems, episodes]);
  shareWithGuests(Astro);
  const filled = found
    ? toShowcaseDto(found).shelves.map((shelf): ShelfDto => {
        if (!personal) return shelf;
        if (shelf.kind === 'cw') return { ...shelf, items: continueCards(cw, pending) };
        if (shelf.kind === 'nw') return { ...shelf, items: nw.map(toCard) };
        return shelf;
      })
    : [];
  return {
    kid: false as const,
    banners: banners.map(toBannerDto),
    shelves: continueFirst(shelvesToShow(filled, personal)),
  };
}
