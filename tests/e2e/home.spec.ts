import { expect, type Locator, type Page, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';

/** docs/product.md, «Screens and routes», verbatim: slides per view and gap (px) at each viewport width. */
const TABLE: Record<'poster' | 'wide', Record<number, [slides: number, gap: number]>> = {
  poster: { 320: [2, 8], 768: [4, 8], 1024: [4, 16], 1366: [5, 16], 1440: [5, 16], 1920: [6, 16] },
  wide: { 320: [1, 8], 768: [2, 16], 1024: [3, 24], 1366: [3, 24], 1440: [3, 24], 1920: [4, 24] },
};
const WIDTHS = [320, 768, 1024, 1366, 1440, 1920];

const carousels = (page: Page) => page.locator('section[aria-roledescription="карусель"]');
const carouselOf = (page: Page, kind: 'poster' | 'wide') =>
  page.locator(`section[data-carousel="${kind}"]`).first();

/** Swiper arrives when a carousel nears the viewport: bring it there and wait for it. */
async function hydrated(carousel: Locator) {
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).toHaveAttribute('data-ready', '');
  await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
}

/** Slides fully inside the carousel's frame, their widths, and the gap between the first two. */
function geometry(carousel: Locator) {
  return carousel.evaluate((section) => {
    const carousel = section.querySelector('.carousel')!;
    // The carousel reaches past its slides by the room left for focus rings.
    const room = Number.parseFloat(getComputedStyle(carousel).getPropertyValue('--ring-room')) || 0;
    const box = carousel.getBoundingClientRect();
    const frame = { left: box.left + room, right: box.right - room, width: box.width - 2 * room };
    const slides = [...section.querySelectorAll('.carousel__slide')].map((s) =>
      s.getBoundingClientRect(),
    );
    const visible = slides.filter((r) => r.left >= frame.left - 1 && r.right <= frame.right + 1);
    return {
      frame: frame.width,
      visible: visible.length,
      widths: visible.map((r) => r.width),
      gap: slides[1]!.left - slides[0]!.right,
    };
  });
}

function expectTableLayout(
  g: Awaited<ReturnType<typeof geometry>>,
  [slides, gap]: [number, number],
) {
  expect(g.visible).toBe(slides);
  expect(Math.abs(g.gap - gap)).toBeLessThanOrEqual(1);
  const width = (g.frame - (slides - 1) * gap) / slides;
  for (const w of g.widths) expect(Math.abs(w - width)).toBeLessThanOrEqual(1);
}

test.describe('carousel breakpoint table (docs/product.md, «Screens and routes»)', () => {
  for (const width of WIDTHS) {
    test(`at ${width} px without JavaScript the server layout already matches the table`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      for (const kind of ['poster', 'wide'] as const)
        expectTableLayout(await geometry(carouselOf(page, kind)), TABLE[kind][width]!);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expect(page.locator('section[data-ready]')).toHaveCount(0);
      await context.close();
    });

    test(`at ${width} px Swiper keeps the table's layout once it has initialised`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      for (const kind of ['poster', 'wide'] as const) {
        const carousel = carouselOf(page, kind);
        await hydrated(carousel);
        expectTableLayout(await geometry(carousel), TABLE[kind][width]!);
      }
    });
  }

  for (const width of [320, 1440]) {
    test(`at ${width} px nothing shifts when Swiper takes the carousels over`, async ({ page }) => {
      // Hold Swiper back to measure the server layout, then let it in.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(/carousel-swiper\.[\w-]+\.js$/, async (route) => {
        await gate;
        await route.continue();
      });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      const rects = () =>
        page
          .locator('section[data-carousel]')
          .evaluateAll((sections) =>
            sections
              .slice(0, 2)
              .flatMap((s) =>
                [s, ...s.querySelectorAll('.carousel__slide')]
                  .slice(0, 5)
                  .map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
              ),
          );
      await page.waitForLoadState('load');
      const before = await rects();
      await expect(page.locator('section[data-ready]')).toHaveCount(0);
      release();
      await expect(page.locator('section[data-ready]').first()).toBeAttached();
      await expect(carousels(page).nth(1)).toHaveAttribute('data-ready', '');
      const after = await rects();
      expect(after.length).toBe(before.length);
      after.forEach((r, i) => {
        for (const k of ['x', 'y', 'width', 'height'] as const)
          expect(Math.abs(r[k] - before[i]![k]), `${i}.${k}`).toBeLessThanOrEqual(0.5);
      });
      const shifts = await page.evaluate(
        () =>
          new Promise<{ t: number; v: number; s: string[] }[]>((resolve) => {
            const all: { t: number; v: number; s: string[] }[] = [];
            new PerformanceObserver((list) => {
              for (const e of list.getEntries() as (PerformanceEntry & {
                value: number;
                hadRecentInput: boolean;
                sources: { node?: Node }[];
              })[])
                if (!e.hadRecentInput)
                  all.push({
                    t: Math.round(e.startTime),
                    v: e.value,
                    s: e.sources.map((x) =>
                      x.node instanceof Element
                        ? `${x.node.tagName}.${x.node.className}`
                        : String(x.node?.nodeName),
                    ),
                  });
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(all), 300);
          }),
      );
      const cls = shifts.reduce((n, e) => n + e.v, 0);
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
    });
  }
});

test.describe('carousel controls', () => {
  test('next and previous move the carousel; previous is disabled at the start, next at the end', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const carousel = carouselOf(page, 'poster');
    await hydrated(carousel);
    const prev = carousel.getByRole('button', { name: 'Предыдущие' });
    const next = carousel.getByRole('button', { name: 'Следующие' });
    const slides = carousel.locator('.carousel__slide');
    const count = await slides.count();
    const [perView] = TABLE.poster[1440]!;
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.99 });
    await expect(slides.nth(perView)).not.toBeInViewport();
    await next.click();
    await expect(slides.nth(perView)).toBeInViewport({ ratio: 0.99 });
    await expect(slides.nth(0)).not.toBeInViewport();
    await expect(prev).toBeEnabled();
    await prev.click();
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.99 });
    await expect(prev).toBeDisabled();
    // The arrows page by the slides in view.
    for (let i = 0; i < Math.ceil((count - perView) / perView); i++) await next.click();
    await expect(next).toBeDisabled();
    await expect(slides.nth(count - 1)).toBeInViewport({ ratio: 0.99 });
  });

  test('with reduced motion the buttons move the carousel at once, click after click', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const carousel = carouselOf(page, 'poster');
    await hydrated(carousel);
    const next = carousel.getByRole('button', { name: 'Следующие' });
    await next.click();
    await next.click();
    const [perView] = TABLE.poster[1440]!;
    const slides = carousel.locator('.carousel__slide');
    // Two pages on (or the last page, when the shelf is shorter).
    const first = Math.min(2 * perView, (await slides.count()) - perView);
    await expect(slides.nth(first)).toBeInViewport({ ratio: 0.99 });
    await expect(slides.nth(first - 1)).not.toBeInViewport();
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`Tab to a card beyond the visible ones brings it into view (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled,
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      const carousel = carouselOf(page, 'poster');
      if (javaScriptEnabled) await hydrated(carousel);
      const [perView] = TABLE.poster[1440]!;
      // Each card is a link, then its play link and heart: Tab through them to the next card.
      const links = carousel.locator('.carousel__slide .card__link');
      await links.first().focus();
      const target = links.nth(perView);
      for (let i = 0; i < perView * 3; i++) await page.keyboard.press('Tab');
      await expect(target).toBeFocused();
      await expect(target).toBeInViewport({ ratio: 0.99 });
      // Swiper slid to it (rather than the browser scrolling the clipped frame behind its back).
      if (javaScriptEnabled)
        await expect(carousel.getByRole('button', { name: 'Предыдущие' })).toBeEnabled();
      await context.close();
    });
  }
});

test.describe('home page accessibility', () => {
  // Some 1,700 elements: axe needs 15-20 s on this page on two cores.
  test.slow();
  for (const width of [320, 1440]) {
    test(`has no WCAG 2.2 AA violations at ${width} px once the carousels are live`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await hydrated(carouselOf(page, 'poster'));
      await hydrated(carouselOf(page, 'wide'));
      await noViolations(page, `/ at ${width} px`);
    });
  }

  test('has no WCAG 2.2 AA violations at 320 px before Swiper arrives (the layout without it)', async ({
    page,
  }) => {
    await page.route(/carousel-swiper\.[\w-]+\.js$/, (route) => route.abort());
    await page.setViewportSize({ width: 320, height: 900 });
    await page.goto('/');
    await expect(page.locator('section[data-ready]')).toHaveCount(0);
    await noViolations(page, '/ at 320 px without Swiper');
  });
});
