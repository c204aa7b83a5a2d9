import { describe, expect, it } from 'vitest';
import { CAROUSEL_TABLE, carouselCss, carouselStep, swiperLayout } from './carousel.ts';

describe('carousel table', () => {
  it('is the table of docs/product.md, «Screens and routes»', () => {
    const rows = (kind: 'poster' | 'wide') =>
      CAROUSEL_TABLE[kind].map((s) => [s.minWidth, s.slides, s.gap]);
    expect(rows('poster')).toEqual([
      [320, 2, 8],
      [768, 4, 8],
      [1024, 4, 16],
      [1366, 5, 16],
      [1440, 5, 16],
      [1920, 6, 16],
    ]);
    expect(rows('wide')).toEqual([
      [320, 1, 8],
      [768, 2, 16],
      [1024, 3, 24],
      [1366, 3, 24],
      [1440, 3, 24],
      [1920, 4, 24],
    ]);
  });

  it('picks the step in force at a width, the first one below 320', () => {
    expect(carouselStep('poster', 300)).toMatchObject({ slides: 2, gap: 8 });
    expect(carouselStep('poster', 1023)).toMatchObject({ slides: 4, gap: 8 });
    expect(carouselStep('wide', 1919)).toMatchObject({ slides: 3, gap: 24 });
    expect(carouselStep('wide', 2560)).toMatchObject({ slides: 4, gap: 24 });
  });

  it('a kid shelf showing one and a half posters pages by one, never skipping the third', () => {
    const { slidesPerView, slidesPerGroup } = swiperLayout('kid');
    expect([slidesPerView, slidesPerGroup]).toEqual([1.5, 1]);
  });

  it('gives Swiper the same steps as breakpoints, paging by the slides in view', () => {
    const { slidesPerView, slidesPerGroup, spaceBetween, breakpoints } = swiperLayout('wide');
    expect([slidesPerView, slidesPerGroup, spaceBetween]).toEqual([1, 1, 8]);
    expect(breakpoints).toEqual({
      320: { slidesPerView: 1, slidesPerGroup: 1, spaceBetween: 8 },
      768: { slidesPerView: 2, slidesPerGroup: 2, spaceBetween: 16 },
      1024: { slidesPerView: 3, slidesPerGroup: 3, spaceBetween: 24 },
      1366: { slidesPerView: 3, slidesPerGroup: 3, spaceBetween: 24 },
      1440: { slidesPerView: 3, slidesPerGroup: 3, spaceBetween: 24 },
      1920: { slidesPerView: 4, slidesPerGroup: 4, spaceBetween: 24 },
    });
  });

  it('writes the steps as custom properties under min-width media queries, in width order', () => {
    const css = carouselCss();
    expect(
      css.startsWith(
        '.carousel--poster{--carousel-slides:2;--carousel-gap:8px}.carousel--wide{--carousel-slides:1;--carousel-gap:8px}',
      ),
    ).toBe(true);
    expect([...css.matchAll(/@media \(min-width:(\d+)px\)/g)].map((m) => Number(m[1]))).toEqual([
      768, 1024, 1366, 1440, 1920,
    ]);
    expect(css).toContain(
      '@media (min-width:1920px){.carousel--poster{--carousel-slides:6;--carousel-gap:16px}.carousel--wide{--carousel-slides:4;--carousel-gap:24px}',
    );
  });
});
