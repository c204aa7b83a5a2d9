import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';
import { signIn } from './support/session.ts';

/** docs/product.md, «Screens and routes», verbatim: slides per view and gap (px) at each viewport width. */
const TABLE: Record<'poster' | 'wide', Record<number, [slides: number, gap: number]>> = {
  poster: { 320: [2, 8], 768: [4, 8], 1024: [4, 16], 1366: [5, 16], 1440: [5, 16], 1920: [6, 16] },
  wide: { 320: [1, 8], 768: [2, 16], 1024: [3, 24], 1366: [3, 24], 1440: [3, 24], 1920: [4, 24] },
};
const WIDTHS = [320, 768, 1024, 1366, 1440, 1920];

interface Shelf {
  id: number;
  kind: string;
  name: string;
  wide: boolean;
  personal?: boolean;
  collectionSlug: string | null;
  items: { url?: string; id?: number }[];
}

const featured = async (request: APIRequestContext) =>
  ((await (await request.get('/cms/showcases/featured/')).json()) as { shelves: Shelf[] }).shelves;
/** What the home page should show: the featured showcase's shelves that have items. */
const expectedShelves = async (request: APIRequestContext) =>
  (await featured(request)).filter((s) => s.items.length > 0);
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

test.describe('home page shelves', () => {
  test('shows the featured showcase shelves from D1, in order, titled, with their items and collection links', async ({
    page,
    request,
  }) => {
    const shelves = await expectedShelves(request);
    expect(shelves.length).toBeGreaterThan(3);
    expect(shelves.some((s) => s.personal)).toBe(false);
    await page.goto('/');
    await expect(carousels(page)).toHaveCount(shelves.length);
    for (const [i, shelf] of shelves.entries()) {
      const carousel = carousels(page).nth(i);
      await expect(carousel).toHaveAccessibleName(shelf.name);
      await expect(carousel.getByRole('heading', { level: 2 })).toHaveText(shelf.name);
      await expect(carousel.locator('.carousel__slide')).toHaveCount(shelf.items.length);
      const first = shelf.items[0]!;
      await expect(
        carousel.locator('.carousel__slide').first().getByRole('link').first(),
      ).toHaveAttribute('href', first.url ?? `/watch/${first.id}`);
      const titleLink = carousel.getByRole('heading', { level: 2 }).getByRole('link');
      if (shelf.collectionSlug)
        await expect(titleLink).toHaveAttribute('href', `/collections/${shelf.collectionSlug}`);
      else await expect(titleLink).toHaveCount(0);
      await expect(carousel).toHaveAttribute(
        'data-carousel',
        shelf.wide || shelf.kind === 'episodes' || shelf.kind === 'blog' ? 'wide' : 'poster',
      );
    }
  });

  test('the hero is the first home page banner: wide art, headline, text and a link to the title', async ({
    page,
    request,
  }) => {
    const banners = (await (await request.get('/cms/showcases/page-banners/?page=/')).json())
      .results as { headline: string; text: string; content: { url: string; name: string } }[];
    expect(banners.length).toBeGreaterThan(0);
    await page.goto('/');
    const hero = page.locator('.hero');
    await expect(hero.getByRole('heading', { level: 2 })).toHaveText(banners[0]!.headline);
    await expect(hero).toContainText(banners[0]!.text);
    await expect(
      hero.getByRole('link', { name: `Смотреть «${banners[0]!.content.name}»` }),
    ).toHaveAttribute('href', banners[0]!.content.url);
    const art = hero.locator('img.hero__art');
    await expect(art).toHaveAttribute('loading', 'eager');
    await expect(art).toHaveAttribute('fetchpriority', 'high');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('continue watching and now watching stay hidden while they have no items, for guests and signed-in viewers', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const personal = (await featured(request)).filter((s) => s.personal);
    expect(personal.map((s) => s.kind).sort()).toEqual(['cw', 'nw']);
    await page.goto('/');
    for (const s of personal)
      await expect(carousels(page).filter({ hasText: s.name })).toHaveCount(0);
    await signIn(context, baseURL!);
    await page.goto('/');
    // This viewer has watched nothing: no continue watching. Now watching is everyone's last day,
    // so it shows only once some other journey has watched something.
    const [cw, nw] = ['cw', 'nw'].map((kind) => personal.find((s) => s.kind === kind)!);
    await expect(carousels(page).filter({ hasText: cw!.name })).toHaveCount(0);
    const nowWatching = await carousels(page).filter({ hasText: nw!.name }).count();
    await expect(carousels(page)).toHaveCount(
      (await expectedShelves(request)).length + nowWatching,
    );
  });

  test('images have width and height; only the first screen (hero, first shelf) loads eagerly', async ({
    page,
  }) => {
    await page.goto('/');
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        loading: img.getAttribute('loading'),
        first: !!img.closest('.hero, section[data-carousel]:first-of-type'),
      })),
    );
    expect(images.length).toBeGreaterThan(50);
    for (const img of images) expect(img.width && img.height).toBeTruthy();
    const eager = images.filter((i) => i.loading !== 'lazy');
    expect(eager.length).toBeGreaterThan(1);
    expect(eager.every((i) => i.first)).toBe(true);
  });

  test('a kid profile sees no title above 6+ on the home page', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const ages = new Map<number, number>();
    for (const list of ['movies', 'series', 'kids']) {
      for (let next: string | null = `/cms/content/${list}/?page_size=60`; next; ) {
        const body = (await (await request.get(next)).json()) as {
          next: string | null;
          results: { id: number; ageRating: string }[];
        };
        for (const t of body.results) ages.set(t.id, parseInt(t.ageRating, 10));
        next = body.next && new URL(body.next).pathname + new URL(body.next).search;
      }
    }
    await signIn(context, baseURL!, { kid: true });
    await page.goto('/');
    const ids = [
      ...new Set(
        (
          await page
            .locator('main a[href^="/watch/"]')
            .evaluateAll((as) => as.map((a) => a.getAttribute('href')!))
        ).map((h) => Number(/^\/watch\/(\d+)/.exec(h)![1])),
      ),
    ];
    expect(ids.length).toBeGreaterThan(5);
    const tooOld = ids.filter((id) => !(ages.get(id)! <= 6));
    expect(tooOld).toEqual([]);
  });
});

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
