import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import {
  bringLaterShelves,
  engage,
  fingerOn,
  takeInHand,
  touchPhonePage,
} from './support/shelves.ts';
import { recordShifts, shiftsSoFar } from './support/shifts.ts';

/** docs/product.md, «Screens and routes», verbatim: slides per view and gap (px) at each viewport width. */
const TABLE: Record<'poster' | 'wide', Record<number, [slides: number, gap: number]>> = {
  poster: { 320: [2, 8], 768: [4, 8], 1024: [4, 16], 1366: [5, 16], 1440: [5, 16], 1920: [6, 16] },
  wide: { 320: [1, 8], 768: [2, 16], 1024: [3, 24], 1366: [3, 24], 1440: [3, 24], 1920: [4, 24] },
};
const WIDTHS = [320, 768, 1024, 1366, 1440, 1920];

const carousels = (page: Page) => page.locator('section[aria-roledescription="карусель"]');
const carouselOf = (page: Page, kind: 'poster' | 'wide') =>
  page.locator(`section[data-carousel="${kind}"]`).first();

/** Swiper takes a carousel over once the viewer takes it in hand: bring it there, and wait for it. */
async function hydrated(carousel: Locator) {
  await takeInHand(carousel);
  // The shelves above it lay out as they near the viewport (content-visibility: auto) and can
  // move it after the first scroll: centre it again, clear of the sticky header (a click on an
  // arrow under the header would make Playwright scroll it elsewhere, half out of view).
  await carousel.evaluate((section) => section.scrollIntoView({ block: 'center' }));
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
      // The first response's shelves are wide ones; the poster shelves come later (below).
      expectTableLayout(await geometry(carouselOf(page, 'wide')), TABLE.wide[width]!);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expect(page.locator('section[data-ready]')).toHaveCount(0);
      await context.close();
    });

    test(`at ${width} px the later shelves arrive laid out by the table before Swiper, Swiper keeps that layout, and the page fits without scrolling sideways`, async ({
      page,
    }) => {
      // Swiper held back until every shelf's server layout is measured, then let in.
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      await page.route(/carousel-swiper\.[\w-]+\.js$/, async (route) => {
        await gate;
        await route.continue();
      });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await bringLaterShelves(page);
      for (const kind of ['poster', 'wide'] as const)
        expectTableLayout(await geometry(carouselOf(page, kind)), TABLE[kind][width]!);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await expect(page.locator('section[data-ready]')).toHaveCount(0);

      release();
      for (const kind of ['poster', 'wide'] as const) {
        const carousel = carouselOf(page, kind);
        await hydrated(carousel);
        expectTableLayout(await geometry(carousel), TABLE[kind][width]!);
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      // The top menu shows at every width (a row of sections, or the phone's bar).
      await expect(
        page.getByRole('navigation', { name: 'Разделы' }).getByRole('link').first(),
      ).toBeVisible();
    });
  }

  for (const width of [320, 1440]) {
    test(`at ${width} px nothing shifts when Swiper takes the carousels over`, async ({ page }) => {
      await recordShifts(page);
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
      // The viewer's first input brings no Swiper; the pointer entering a carousel brings it there
      // (dispatched on the first two: moving the pointer to one below the screen would scroll the
      // page these boxes are measured in).
      await engage(page);
      for (const i of [0, 1])
        await carousels(page)
          .nth(i)
          .locator('.carousel__slide')
          .first()
          .dispatchEvent('pointermove', { pointerType: 'mouse' });
      await expect(carousels(page).nth(0)).toHaveAttribute('data-ready', '');
      await expect(carousels(page).nth(1)).toHaveAttribute('data-ready', '');
      const after = await rects();
      expect(after.length).toBe(before.length);
      after.forEach((r, i) => {
        for (const k of ['x', 'y', 'width', 'height'] as const)
          expect(Math.abs(r[k] - before[i]![k]), `${i}.${k}`).toBeLessThanOrEqual(0.5);
      });
      // Shifts that come a moment after Swiper has both carousels count too.
      await page.waitForTimeout(300);
      const shifts = await shiftsSoFar(page);
      const cls = shifts.reduce((n, e) => n + e.value, 0);
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

  test('on a touch phone the carousel has no arrows and a swipe moves it', async ({ browser }) => {
    const page = await touchPhonePage(browser);
    await page.goto('/');
    const carousel = carouselOf(page, 'poster');
    await hydrated(carousel);
    await expect(carousel.getByRole('button', { name: 'Следующие' })).toBeHidden();
    await expect(carousel.getByRole('button', { name: 'Предыдущие' })).toBeHidden();
    const slides = carousel.locator('.carousel__slide');
    const [perView] = TABLE.poster[320]!;
    await expect(slides.nth(perView)).not.toBeInViewport();
    // A finger drags the track from right to left.
    const { box, touch } = await fingerOn(page, carousel);
    await touch('touchStart', box.x + box.width - 20);
    for (let x = box.x + box.width - 40; x > box.x + 20; x -= 30) await touch('touchMove', x);
    await touch('touchEnd', box.x + 20);
    await expect(slides.nth(perView)).toBeInViewport({ ratio: 0.99 });
    await page.context().close();
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
      // Without JavaScript the poster shelves stay lists of links: a wide carousel of the first
      // response then (one link per tile).
      const kind = javaScriptEnabled ? 'poster' : 'wide';
      const carousel = carouselOf(page, kind);
      if (javaScriptEnabled) await hydrated(carousel);
      const [perView] = TABLE[kind][1440]!;
      // Each card is a link, then its play link and heart: Tab through them to the next card.
      const links = carousel.locator(
        javaScriptEnabled ? '.carousel__slide .card__link' : '.carousel__slide a',
      );
      await links.first().focus();
      const target = links.nth(perView);
      const stops = javaScriptEnabled ? 3 : 1;
      for (let i = 0; i < perView * stops; i++) await page.keyboard.press('Tab');
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
  // With every later shelf brought in, the page is large: axe needs several seconds on two cores.
  test.slow();
  for (const width of [320, 1440]) {
    test(`has no WCAG 2.2 AA violations at ${width} px once the carousels are live`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      // Every shelf, the later ones too.
      await bringLaterShelves(page);
      await hydrated(carouselOf(page, 'poster'));
      await hydrated(carouselOf(page, 'wide'));
      await hydrated(carousels(page).last());
      await noViolations(page, `/ at ${width} px`);
    });
  }

  test('has no WCAG 2.2 AA violations at 320 px before Swiper arrives (the layout without it)', async ({
    page,
  }) => {
    await page.route(/carousel-swiper\.[\w-]+\.js$/, (route) => route.abort());
    await page.setViewportSize({ width: 320, height: 900 });
    await page.goto('/');
    await bringLaterShelves(page);
    await expect(page.locator('section[data-ready]')).toHaveCount(0);
    await noViolations(page, '/ at 320 px without Swiper');
  });
});

test.describe('later shelves (the first response carries the first ones)', () => {
  for (const width of [320, 1440]) {
    test(`at ${width} px scrolling down brings every later shelf as a carousel, with no layout shift`, async ({
      page,
    }) => {
      await recordShifts(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      // One snapshot: later shelves near the viewport may already be arriving.
      const { total, later, enhanced } = await page.evaluate(() => ({
        total: document.querySelectorAll('main section.shelf').length,
        later: document.querySelectorAll('[data-later-shelf]').length,
        enhanced: document.querySelectorAll('section[aria-roledescription="карусель"]').length,
      }));
      expect(later).toBeGreaterThan(0);
      expect(enhanced).toBe(total - later);
      await page.waitForLoadState('load');
      // A reader's pace: a screen at a time, reading each before the next.
      await bringLaterShelves(page, { pace: 'reader' });
      await expect(carousels(page)).toHaveCount(total);
      // The last one is enhanced like the first ones once it nears the viewport.
      await hydrated(carousels(page).last());
      const shifts = await shiftsSoFar(page);
      const cls = shifts.reduce((n, e) => n + e.value, 0);
      // The same bound as Swiper taking the first carousels over (above): slivers of a pixel.
      expect(cls, JSON.stringify(shifts)).toBeLessThanOrEqual(0.02);
    });
  }

  // At 320 px with the text at twice its size (a viewer's larger default font) shelf names wrap.
  for (const { width, text } of [
    { width: 320, text: 1 },
    { width: 1440, text: 1 },
    { width: 320, text: 2 },
  ]) {
    test(`at ${width} px${text > 1 ? ' and text at 200 %' : ''} a shelf of title cards far below is held at the height it has once drawn`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await page.waitForLoadState('load');
      if (text > 1) await page.addStyleTag({ content: `html { font-size: ${text * 100}%; }` });
      // Each shelf of posters: its name, its height, its head's, and whether its slides wait to be
      // drawn (the head is always drawn).
      const shelves = () =>
        page.$$eval('main section.shelf:has(> .carousel--poster)', (sections) =>
          sections.map((s) => ({
            name: s.querySelector('.shelf__title')?.textContent?.trim(),
            height: Math.round(s.getBoundingClientRect().height * 10) / 10,
            head: Math.round(s.querySelector('.shelf__head')!.getBoundingClientRect().height),
            waiting: !s
              .querySelector('.carousel__track')
              ?.checkVisibility({ contentVisibilityAuto: true }),
          })),
        );
      const atLoad = await shelves();
      // The case is met: some shelves are not drawn yet, so their height is the one held for them;
      // with the larger text, some of those have a name of more than one line.
      const waiting = atLoad.filter((s) => s.waiting);
      expect(waiting.length).toBeGreaterThan(0);
      if (text > 1)
        expect(
          waiting.some((s) => s.head > 60),
          JSON.stringify(waiting),
        ).toBe(true);
      await bringLaterShelves(page);
      // Scrolled through, every shelf is drawn (it keeps its drawn height once out of view again)
      // and arrived; a fling faster than shelves are drawn would meet the same heights.
      const drawn = await shelves();
      expect(drawn.map((s) => s.name)).toEqual(atLoad.map((s) => s.name));
      // To a pixel (layout rounds; the old fixed 20rem was 33 px short at 320 px, 219 at 1440).
      const off = drawn.filter((s, i) => Math.abs(s.height - atLoad[i]!.height) > 1);
      expect(off, JSON.stringify({ atLoad, drawn })).toEqual([]);
    });
  }

  test('an untouched page fetches no shelf beyond the screen; the first input brings the next ones', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (/^\/home\/shelves\/\d+$/.test(new URL(r.url()).pathname)) fetched.push(r.url());
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/', { waitUntil: 'load' });
    // The first later shelf starts below the first screen (else it is fetched at once, rightly).
    const top = await page
      .locator('[data-later-shelf]')
      .first()
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThan(900);
    await page.waitForTimeout(1500);
    expect(fetched).toEqual([]);
    await engage(page);
    await expect.poll(() => fetched.length, { timeout: 10_000 }).toBeGreaterThan(0);
  });

  test('without JavaScript a later shelf is its heading and a visible link to each of its titles', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const shelf = page.locator('[data-later-shelf]').first();
    await shelf.scrollIntoViewIfNeeded();
    await expect(shelf.getByRole('heading', { level: 2 })).toBeVisible();
    const titles = shelf.getByRole('listitem').getByRole('link');
    expect(await titles.count()).toBeGreaterThan(5);
    for (const link of await titles.all()) await expect(link).toBeVisible();
    await context.close();
  });

  test("a later shelf's cards work like the first ones: arrows, Tab and the heart", async ({
    page,
  }) => {
    test.slow();
    await signUpByEmail(page, `later-${unique()}@example.ru`, 'correct horse 1');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const names = await page
      .locator('[data-later-shelf] h2')
      .evaluateAll((hs) => hs.map((h) => h.textContent?.trim() ?? ''));
    expect(names.length).toBeGreaterThan(0);
    // No heart on the first screen's shelves: the later shelf brings the cards and what they need.
    await bringLaterShelves(page);
    // The first later shelf is a poster shelf (a collection's, in the seed).
    const carousel = page.locator('section[data-carousel="poster"]').filter({
      has: page.getByRole('heading', { level: 2, name: names[0]!, exact: true }),
    });
    await hydrated(carousel);
    const [perView] = TABLE.poster[1440]!;
    const slides = carousel.locator('.carousel__slide');
    const next = carousel.getByRole('button', { name: 'Следующие' });
    await expect(carousel.getByRole('button', { name: 'Предыдущие' })).toBeDisabled();
    await next.click();
    await expect(slides.nth(perView)).toBeInViewport({ ratio: 0.99 });
    await carousel.getByRole('button', { name: 'Предыдущие' }).click();
    await expect(slides.nth(0)).toBeInViewport({ ratio: 0.99 });
    // Tab past the visible cards: Swiper brings the next one in.
    const links = carousel.locator('.carousel__slide .card__link');
    await links.first().focus();
    for (let i = 0; i < perView * 3; i++) await page.keyboard.press('Tab');
    await expect(links.nth(perView)).toBeFocused();
    await expect(links.nth(perView)).toBeInViewport({ ratio: 0.99 });
    const card = slides.nth(perView).locator('[data-card]');
    await card.hover();
    const heart = card.locator('[data-card-favourite]');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  test('a later shelf that cannot be fetched keeps its heading and links, raises no error, and tries again when it comes back into view', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      // The browser's own line for the refused request is not the page's error.
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text());
    });
    let failing = true;
    const asked = new Map<string, number>();
    await page.route(/\/home\/shelves\/\d+$/, async (route) => {
      const path = new URL(route.request().url()).pathname;
      asked.set(path, (asked.get(path) ?? 0) + 1);
      if (failing) await route.fulfill({ status: 503, body: 'Сервис недоступен' });
      else await route.continue();
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const shelf = page.locator('[data-later-shelf]').first();
    const path = (await shelf.getAttribute('data-later-shelf'))!;
    const heading = (await shelf.locator('h2').textContent())!.trim();
    await shelf.scrollIntoViewIfNeeded();
    await expect(shelf).toHaveAttribute('data-later-failed', '');
    // The heading and every title's link stay in view.
    await expect(shelf.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    const titles = shelf.locator('.later__names a');
    expect(await titles.count()).toBeGreaterThan(0);
    await expect(titles.first()).toBeVisible();
    // Fetched ahead, then once more as it came into view at most; nothing more while it stays.
    await page.waitForTimeout(1000);
    const tries = asked.get(path)!;
    expect(tries).toBeGreaterThanOrEqual(1);
    expect(tries).toBeLessThanOrEqual(2);
    await page.waitForTimeout(1000);
    expect(asked.get(path)).toBe(tries);
    // Away and back: coming into view again fetches it again, and now it arrives.
    failing = false;
    const id = await shelf.getAttribute('aria-labelledby');
    for (let i = 0; i < 40; i++) {
      await page.mouse.wheel(0, 700);
      await page.waitForTimeout(50);
    }
    await page.locator(`main section[aria-labelledby="${id}"]`).scrollIntoViewIfNeeded();
    const arrived = carousels(page).filter({
      has: page.getByRole('heading', { level: 2, name: heading, exact: true }),
    });
    await expect(arrived).toHaveCount(1);
    expect(asked.get(path)).toBe(tries + 1);
    expect(errors).toEqual([]);
  });
});
