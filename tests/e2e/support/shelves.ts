import { type Browser, expect, type Locator, type Page } from '@playwright/test';

/**
 * The viewer's first input on the page, a mouse move: the later shelves beyond the screen wait for
 * one (src/lib/first-input.ts). Not a key: Chromium leaves out of the layout-shift
 * score whatever moves within half a second of a key press, and the journeys measure Swiper's.
 * @example await engage(page)
 */
export async function engage(page: Page) {
  await page.mouse.move(1, 1);
  await page.mouse.move(3, 3);
}

/**
 * The viewer takes a carousel in hand: acts on the page (a later shelf within two screens arrives
 * then), brings the carousel into view and moves the pointer into it, which is when Swiper takes
 * it over (src/lib/carousel-enhance.ts); waits until it has.
 * @example await takeInHand(page.locator('section[data-carousel]').first())
 */
export async function takeInHand(carousel: Locator) {
  await engage(carousel.page());
  await carousel.scrollIntoViewIfNeeded();
  await carousel.locator('.carousel').hover();
  await expect(carousel).toHaveAttribute('data-ready', '');
  await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
}

/** A later shelf that overlaps the viewport: its carousel has not come in time. */
const laterShelfInView = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-later-shelf]')].some((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < innerHeight;
    }),
  );

/**
 * Scrolls the home page down a screen at a time until every later shelf has arrived as its
 * carousel (they come as they near the viewport), then back to the top. At a reader's pace each
 * screen is read (the shelves in it are there) before the next; otherwise it scrolls on at once.
 * At the bottom it goes back up to a shelf still waiting: on a busy machine the loader can start
 * after the skim has passed the first shelves, which then come only once they are near the view
 * again, as for a viewer who scrolled down before the page was ready.
 * @example await bringLaterShelves(page)
 */
export async function bringLaterShelves(page: Page, { pace = 'skim' as 'skim' | 'reader' } = {}) {
  const later = page.locator('[data-later-shelf]');
  const atBottom = () =>
    page.evaluate(() => innerHeight + scrollY >= document.documentElement.scrollHeight - 1);
  for (let i = 0; i < 80 && (await later.count()) > 0; i++) {
    if (await atBottom())
      await later
        .first()
        .scrollIntoViewIfNeeded({ timeout: 2000 })
        .catch(() => undefined); // It arrived meanwhile.
    else await page.mouse.wheel(0, 700);
    if (pace === 'reader') await expect.poll(() => laterShelfInView(page)).toBe(false);
    else await page.waitForTimeout(100);
  }
  await expect(later).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * A page in a touch phone's browser (375 × 812, touch, mobile viewport), where carousels are swiped.
 * @example const page = await touchPhonePage(browser); await page.goto('/');
 */
export async function touchPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  return context.newPage();
}

/**
 * A finger on `carousel`'s track, across its middle: `touch` sends a touch start, move (to `x`)
 * or end through the browser's input (CDP), as a phone's finger would.
 * @example const { box, touch } = await fingerOn(page, carousel); await touch('touchStart', box.x + 10);
 */
export async function fingerOn(page: Page, carousel: Locator) {
  const box = (await carousel.locator('.carousel').boundingBox())!;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  return { box, touch };
}
