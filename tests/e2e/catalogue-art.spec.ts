import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { signInAsDemo } from './support/demo.ts';
import { takeInHand } from './support/shelves.ts';
import { recordShifts, shiftsSoFar } from './support/shifts.ts';

// Sign-ups come from an address of their own, so they share no limits with other files.
test.use({
  extraHTTPHeaders: { 'cf-connecting-ip': `198.51.100.${150 + Math.floor(Math.random() * 40)}` },
});

/** Slides per view of the poster carousels at the widths checked here (the carousel table). */
const PER_VIEW: Record<number, number> = { 375: 2, 1440: 5 };

const posterCarousel = (page: Page) => page.locator('section[data-carousel="poster"]').first();

/** Index of the first slide wholly inside the carousel's frame. */
const firstVisible = (carousel: Locator) =>
  carousel.evaluate((section) => {
    const frame = section.querySelector('.carousel')!.getBoundingClientRect();
    return [...section.querySelectorAll('.carousel__slide')].findIndex((s) => {
      const r = s.getBoundingClientRect();
      return r.left >= frame.left - 1 && r.right <= frame.right + 1;
    });
  });

test.describe('carousel arrows', () => {
  for (const width of [375, 1440]) {
    test(`page by the number of visible slides at ${width} px`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const carousel = posterCarousel(page);
      await takeInHand(carousel);
      const next = carousel.getByRole('button', { name: 'Следующие' });
      expect(await firstVisible(carousel)).toBe(0);
      await next.click();
      await expect.poll(() => firstVisible(carousel)).toBe(PER_VIEW[width]);
      await carousel.getByRole('button', { name: 'Предыдущие' }).click();
      await expect.poll(() => firstVisible(carousel)).toBe(0);
    });
  }
});

test.describe('title cards', () => {
  test('a focused card shows its whole focus ring, inside the carousel that clips its slides', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const carousel = posterCarousel(page);
    await takeInHand(carousel);
    const links = carousel.locator('.card__link');
    // The first and the last card in view: the ring meets the frame's edge there.
    for (const index of [0, PER_VIEW[1440]! - 1]) {
      await links.nth(index).focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(links.nth(index)).toBeFocused();
      const ring = await links.nth(index).evaluate((link) => {
        const style = getComputedStyle(link);
        const reach =
          Number.parseFloat(style.outlineWidth) + Number.parseFloat(style.outlineOffset);
        const r = link.getBoundingClientRect();
        const clip = link.closest('.carousel')!.getBoundingClientRect();
        return {
          style: style.outlineStyle,
          width: Number.parseFloat(style.outlineWidth),
          inside:
            r.left - reach >= clip.left - 0.5 &&
            r.right + reach <= clip.right + 0.5 &&
            r.top - reach >= clip.top - 0.5,
        };
      });
      expect(ring.style).toBe('solid');
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.inside, `card ${index}`).toBe(true);
    }
  });

  test('hovering a card reveals year, genres, play and favourite over the poster, and nothing moves', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/series');
    const card = page.locator('.title-grid .card').first();
    const boxes = () =>
      card.evaluate((el) =>
        ['.card__frame', '.card__name', '.card__meta'].map((s) => {
          const r = el.querySelector(s)!.getBoundingClientRect();
          return [r.x, r.y, r.width, r.height].map(Math.round);
        }),
      );
    const before = await boxes();
    const shifted = await page.evaluate(() => performance.getEntriesByType('layout-shift').length);
    await expect(card.locator('.card__reveal')).toHaveCSS('opacity', '0');
    await card.locator('.card__poster').hover();
    await expect(card.locator('.card__reveal')).toHaveCSS('opacity', '1');
    await expect(card.locator('.card__actions')).toHaveCSS('opacity', '1');
    await expect(card.locator('.card__reveal')).toContainText(/\d{4}/);
    await expect(card.locator('.card__genres')).not.toBeEmpty();
    expect(await boxes()).toEqual(before);
    expect(await page.evaluate(() => performance.getEntriesByType('layout-shift').length)).toBe(
      shifted,
    );
    // Keyboard focus shows the same overlay.
    await page.mouse.move(0, 0);
    await expect(card.locator('.card__reveal')).toHaveCSS('opacity', '0');
    await card.locator('.card__link').focus();
    await expect(card.locator('.card__reveal')).toHaveCSS('opacity', '1');
  });

  test('a card names its icons only while its actions show: none at load, the shapes on hover and on keyboard focus', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/series');
    const card = page.locator('.title-grid .card').first();
    const icons = (el: ReturnType<typeof page.locator>) =>
      el.evaluate((root) =>
        [...root.querySelectorAll('.card__action')].map(
          (a) => getComputedStyle(a, '::before').maskImage,
        ),
      );
    // Not one card of the grid makes an SVG image of its icons while they are hidden.
    const atLoad = await icons(page.locator('.title-grid'));
    expect(atLoad.length).toBeGreaterThan(0);
    expect(new Set(atLoad)).toEqual(new Set(['none']));
    await card.locator('.card__poster').hover();
    await expect(card.locator('.card__actions')).toHaveCSS('opacity', '1');
    const shown = await icons(card);
    expect(shown).toHaveLength(2);
    for (const icon of shown) expect(icon).toContain('data:image/svg+xml');
    expect(shown[0]).not.toBe(shown[1]);
    await page.mouse.move(0, 0);
    await expect(card.locator('.card__actions')).toHaveCSS('opacity', '0');
    await card.locator('.card__link').focus();
    await expect(card.locator('.card__actions')).toHaveCSS('opacity', '1');
    expect(await icons(card)).toEqual(shown);
  });

  for (const width of [320, 1440])
    test(`at ${width} px cards far below wait to be drawn, holding their height: scrolling the grid moves nothing, and every card in view is drawn with its poster`, async ({
      page,
    }) => {
      await recordShifts(page);
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/series');
      await page.waitForLoadState('load');
      const grid = page.locator('.title-grid');
      const state = () =>
        grid.evaluate((ul) => {
          const cards = [...ul.querySelectorAll('.card')];
          const inView = cards.filter((c) => {
            const r = c.getBoundingClientRect();
            return r.bottom > 0 && r.top < innerHeight;
          });
          const drawn = (c: Element) =>
            c.querySelector('.card__name')!.checkVisibility({ contentVisibilityAuto: true });
          const poster = (c: Element) => c.querySelector<HTMLImageElement>('.card__poster')!;
          const bottom = (c: Element, s: string) =>
            c.querySelector(s)!.getBoundingClientRect().bottom;
          // A drawn card's picture, name and facts: as tall as the first row's (drawn at once),
          // and none of it past the card's own box (which clips what spills).
          const span = (c: Element) =>
            bottom(c, '.card__meta') - c.querySelector('.card__frame')!.getBoundingClientRect().top;
          const shown = inView.filter(drawn);
          return {
            height: ul.getBoundingClientRect().height,
            waiting: cards.filter((c) => !drawn(c)).length,
            blank: inView.filter((c) => !drawn(c) || !poster(c).complete || !poster(c).naturalWidth)
              .length,
            uneven: shown.filter((c) => Math.abs(span(c) - span(cards[0]!)) > 1).length,
            spilt: shown.filter(
              (c) => bottom(c, '.card__meta') > c.getBoundingClientRect().bottom + 1,
            ).length,
            end: ul.getBoundingClientRect().bottom <= innerHeight,
          };
        });
      const first = await state();
      // Cards far below the screen are not drawn yet: this is what their held height is for.
      expect(first.waiting).toBeGreaterThan(0);
      // A reader's pace, most of a screen at a time, to the grid's end.
      for (let step = 0; ; step++) {
        await expect.poll(async () => (await state()).blank, { message: `step ${step}` }).toBe(0);
        const now = await state();
        expect(now, `step ${step}`).toMatchObject({ uneven: 0, spilt: 0 });
        if (now.end || step === 40) break;
        const y = await page.evaluate(() => scrollY);
        await page.mouse.wheel(0, 600);
        await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(y);
      }
      expect((await state()).end).toBe(true);
      expect(Math.abs((await state()).height - first.height)).toBeLessThanOrEqual(1);
      const shifts = await shiftsSoFar(page);
      expect(shifts, JSON.stringify(shifts)).toEqual([]);
    });

  test("a kid's home shelves, whose names are larger, hold their cards' height too: each card drawn while scrolling ends below its facts", async ({
    page,
    baseURL,
  }) => {
    await signInAsDemo(page.request, baseURL!, { kid: true });
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto('/');
    await expect(page.locator('.home-shelves--kid')).toBeVisible();
    const seen = new Set<number>();
    for (let step = 0; step < 20; step++) {
      const drawn = await page.locator('.home-shelves--kid .card').evaluateAll((cards) =>
        cards
          .map((c, i) => ({ c, i }))
          .filter(({ c }) =>
            c.querySelector('.card__name')!.checkVisibility({ contentVisibilityAuto: true }),
          )
          .map(({ c, i }) => ({
            i,
            later: c.classList.contains('card--later'),
            spill:
              c.querySelector('.card__meta')!.getBoundingClientRect().bottom -
              c.getBoundingClientRect().bottom,
          })),
      );
      for (const d of drawn) {
        expect(d.spill, `card ${d.i}`).toBeLessThanOrEqual(1);
        if (d.later) seen.add(d.i);
      }
      const { y, end } = await page.evaluate(() => ({
        y: scrollY,
        end: scrollY + innerHeight >= document.documentElement.scrollHeight - 1,
      }));
      if (end) break;
      await page.mouse.wheel(0, 500);
      await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(y);
    }
    // Cards that waited to be drawn were among them.
    expect(seen.size).toBeGreaterThan(0);
  });

  test('a signed-in viewer adds a title to the favourites with the heart on its card, and takes it out again', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpByEmail(page, `cards-${unique()}@example.ru`, 'correct horse 1');
    await page.goto('/movies');
    const card = page.locator('.title-grid .card').first();
    const name = (await card.locator('.card__name').textContent())!;
    const heart = card.getByRole('button', { name: `«${name}» в избранном` });
    const id = await heart.getAttribute('data-id');
    await card.hover();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    const status = async () =>
      ((await (await page.request.get(`/favourites/${id}`)).json()) as { status: boolean }).status;
    expect(await status()).toBe(true);
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    expect(await status()).toBe(false);
  });
});

test.describe('catalogue art', () => {
  for (const path of ['/', '/series', '/collections']) {
    test(`images on ${path} keep their aspect ratio and load as WebP`, async ({ page }) => {
      // Their srcset, sizes, width and height are the server's: tests/pages/catalogue-art.test.ts.
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      const images = page.locator('main img[srcset]');
      const missing = await images.evaluateAll((imgs) =>
        imgs
          .filter((img) => getComputedStyle(img).aspectRatio === 'auto')
          .map((img) => img.outerHTML.slice(0, 120)),
      );
      expect(missing).toEqual([]);
      // The first screen's pictures have loaded, from the widths in srcset.
      await page.waitForLoadState('load');
      const loaded = await images.evaluateAll((imgs) =>
        imgs
          .filter((img) => img.getAttribute('loading') !== 'lazy')
          .map((img) => ({
            width: (img as HTMLImageElement).naturalWidth,
            src: (img as HTMLImageElement).currentSrc,
          })),
      );
      expect(loaded.length).toBeGreaterThan(0);
      for (const image of loaded) {
        expect(image.width, image.src).toBeGreaterThan(0);
        expect(image.src).toMatch(/\.webp\?v=\w+$/);
      }
      const type = await page.request.get(loaded[0]!.src);
      expect(type.headers()['content-type']).toBe('image/webp');
      expect(type.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    test(`the largest image on ${path} is eager, fetched first and sized by srcset`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      const largest = await page.locator('main img').evaluateAll((imgs) => {
        // An image's own size, before transforms: a collection's side posters are turned (their
        // bounding box grows); their own size ties with the front one's, which comes first.
        const area = (img: Element) =>
          Math.round(((img as HTMLElement).offsetWidth * (img as HTMLElement).offsetHeight) / 100);
        const inView = imgs
          .filter((img) => {
            const r = img.getBoundingClientRect();
            return r.top < innerHeight && r.width > 0;
          })
          // Equal cards tie (to a few pixels): the first of them counts.
          .sort((a, b) => area(b) - area(a));
        const img = inView[0]!;
        return {
          loading: img.getAttribute('loading'),
          priority: img.getAttribute('fetchpriority'),
          srcset: img.getAttribute('srcset'),
        };
      });
      expect(largest.loading).not.toBe('lazy');
      expect(largest.priority).toBe('high');
      expect(largest.srcset).toMatch(/ \d+w, .+ \d+w$/);
    });
  }
});
