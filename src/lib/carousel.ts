/**
 * The carousel table of docs/product.md, «Screens and routes», the one source of both the server CSS (so the first paint
 * already has the final layout) and Swiper's `breakpoints` (so hydrating changes nothing).
 */

/** Poster cards, wide horizontal tiles (episodes, wide shelves), or a kid profile's big posters. */
export type CarouselKind = 'poster' | 'wide' | 'kid';

export interface CarouselStep {
  /** From this viewport width up (CSS px); the first step also covers anything narrower. */
  minWidth: number;
  slides: number;
  /** Space between slides, px. */
  gap: number;
}

/** Slides per view (gap px) at 320/768/1024/1366/1440/1920, verbatim from the spec. */
export const CAROUSEL_TABLE: Record<CarouselKind, readonly CarouselStep[]> = {
  poster: [
    { minWidth: 320, slides: 2, gap: 8 },
    { minWidth: 768, slides: 4, gap: 8 },
    { minWidth: 1024, slides: 4, gap: 16 },
    { minWidth: 1366, slides: 5, gap: 16 },
    { minWidth: 1440, slides: 5, gap: 16 },
    { minWidth: 1920, slides: 6, gap: 16 },
  ],
  wide: [
    { minWidth: 320, slides: 1, gap: 8 },
    { minWidth: 768, slides: 2, gap: 16 },
    { minWidth: 1024, slides: 3, gap: 24 },
    { minWidth: 1366, slides: 3, gap: 24 },
    { minWidth: 1440, slides: 3, gap: 24 },
    { minWidth: 1920, slides: 4, gap: 24 },
  ],
  // Not the spec's table: a kid profile's home has fewer, bigger posters to a row, easy to hit.
  kid: [
    { minWidth: 320, slides: 1.5, gap: 12 },
    { minWidth: 768, slides: 3, gap: 16 },
    { minWidth: 1024, slides: 3, gap: 24 },
    { minWidth: 1366, slides: 4, gap: 24 },
    { minWidth: 1440, slides: 4, gap: 24 },
    { minWidth: 1920, slides: 5, gap: 24 },
  ],
};

export const CAROUSEL_KINDS = Object.keys(CAROUSEL_TABLE) as CarouselKind[];

/**
 * The step in force at a viewport width.
 * @example carouselStep('wide', 1100) // { minWidth: 1024, slides: 3, gap: 24 }
 */
export function carouselStep(kind: CarouselKind, width: number): CarouselStep {
  const steps = CAROUSEL_TABLE[kind];
  return steps.findLast((s) => s.minWidth <= width) ?? steps[0]!;
}

/**
 * Swiper's options for a kind: the first step as the base, every step as a breakpoint (Swiper
 * matches `min-width` media queries against the window, like the CSS). The arrows page by what
 * is visible: a group is as many slides as a view holds.
 * @example swiperLayout('poster').breakpoints[1366] // { slidesPerView: 5, slidesPerGroup: 5, spaceBetween: 16 }
 */
export function swiperLayout(kind: CarouselKind) {
  // Swiper stops only at multiples of the group: 1.5 visible slides page by one, not by three.
  const group = (slides: number) => Math.max(1, Math.floor(slides));
  const [first] = CAROUSEL_TABLE[kind];
  return {
    slidesPerView: first!.slides,
    slidesPerGroup: group(first!.slides),
    spaceBetween: first!.gap,
    breakpoints: Object.fromEntries(
      CAROUSEL_TABLE[kind].map((s) => [
        s.minWidth,
        { slidesPerView: s.slides, slidesPerGroup: group(s.slides), spaceBetween: s.gap },
      ]),
    ),
  };
}

const vars = (kind: CarouselKind, s: CarouselStep) =>
  `.carousel--${kind}{--carousel-slides:${s.slides};--carousel-gap:${s.gap}px}`;

/**
 * The table as CSS custom properties per kind and breakpoint; `Carousel.astro` lays its track out
 * from them (flex with `gap`, slide width `(100% - (n - 1) * gap) / n`) and holds a carousel not
 * yet drawn at the height they give it.
 * @example carouselCss().startsWith('.carousel--poster{--carousel-slides:2;--carousel-gap:8px}') // true
 */
export function carouselCss(): string {
  const base = CAROUSEL_KINDS.map((k) => vars(k, CAROUSEL_TABLE[k][0]!)).join('');
  const widths = [
    ...new Set(CAROUSEL_KINDS.flatMap((k) => CAROUSEL_TABLE[k].slice(1).map((s) => s.minWidth))),
  ].sort((a, b) => a - b);
  const queries = widths.map(
    (w) =>
      `@media (min-width:${w}px){${CAROUSEL_KINDS.map((k) => vars(k, carouselStep(k, w))).join('')}}`,
  );
  return base + queries.join('');
}
