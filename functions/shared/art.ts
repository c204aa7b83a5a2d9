/**
 * The raster art of the catalogue: what `npm run media` makes (scripts/media/art.mjs), what the
 * Worker serves from R2 (functions/http/media.ts) and what pages put into `srcset`. One source for
 * the three, so a width or a version never disagrees between them.
 */

/** Bump when the pictures change: every URL changes with it, so immutable caching stays right. */
export const ART_VERSION = 'a6';

/** Raster kinds: title posters (2:3), title backdrops (16:9) and episode stills (16:9, a pool). */
export const RASTER_KINDS = ['poster', 'background', 'still'] as const;
export type RasterKind = (typeof RASTER_KINDS)[number];

export const ART_SIZES: Record<RasterKind, { widths: readonly number[]; ratio: number }> = {
  poster: { widths: [240, 480], ratio: 3 / 2 },
  background: { widths: [640, 1280], ratio: 9 / 16 },
  still: { widths: [320, 640], ratio: 9 / 16 },
};

/**
 * The most a backdrop's smallest width may weigh: what a phone fetches for the home page's hero and
 * a title page's backdrop, the largest paint of both. A picture over it is made again at a lower
 * quality, then softened (scripts/media/art.mjs), until it fits.
 */
export const PHONE_BACKDROP_BYTES = 20 * 1024;

/**
 * Posters and backdrops are made for this many slots; a title uses slot ((id − 1) mod POOL) + 1,
 * so the seeded catalogue (ids 1–624) has one picture per title and a later title still has art.
 */
export const ART_POOL = 640;
/** Episode stills: a pool shared by all series, walked in order within a season. */
export const STILL_POOL = 48;

/** A title's art slot, or an episode's still slot. */
export const artSlot = (kind: RasterKind, id: number) =>
  ((id - 1) % (kind === 'still' ? STILL_POOL : ART_POOL)) + 1;

/** The key of one picture in R2 (binding MEDIA). */
export const artKey = (kind: RasterKind, slot: number, width: number) =>
  `art/${ART_VERSION}/${kind}/${slot}-${width}.webp`;

/** Height of a picture of `kind` at `width`. */
export const artHeight = (kind: RasterKind, width: number) =>
  Math.round(width * ART_SIZES[kind].ratio);

/**
 * The URL of a picture at one width (versioned: served with immutable caching).
 * @example artImageUrl('poster', 7, 480) // '/media/art/poster/7-480.webp?v=a4'
 */
export const artImageUrl = (kind: RasterKind, id: number, width: number) =>
  `/media/art/${kind}/${id}-${width}.webp?v=${ART_VERSION}`;

/**
 * Every width of a picture as a `srcset`.
 * @example artSrcset('poster', 7) // '/media/art/poster/7-240.webp?v=a4 240w, /media/art/poster/7-480.webp?v=a4 480w'
 */
export const artSrcset = (kind: RasterKind, id: number) =>
  ART_SIZES[kind].widths.map((w) => `${artImageUrl(kind, id, w)} ${w}w`).join(', ');

/** The largest width of a kind: the `src` of an <img> and the URL in API answers. */
export const artLargest = (kind: RasterKind) => ART_SIZES[kind].widths.at(-1)!;

/**
 * Which still an episode shows: consecutive episodes of a season get consecutive stills, and
 * each series starts at its own place in the pool.
 * @example episodeStill(12, 1, 3) !== episodeStill(12, 1, 4) // true
 */
export function episodeStill(seriesId: number, season: number, episode: number): number {
  const start = (seriesId * 17 + season * 5) % STILL_POOL;
  return ((start + episode - 1) % STILL_POOL) + 1;
}
