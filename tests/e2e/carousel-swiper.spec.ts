import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { fingerOn, touchPhonePage } from './support/shelves.ts';

/** The first trailer's title page: a guest sees it, and its «Похожие» shelf is a carousel. */
async function titlePage(page: Page, request: APIRequestContext) {
  const res = await request.get('/cms/content/trailers/');
  const { results } = (await res.json()) as { results: { id: number }[] };
  const swiper: string[] = [];
  page.on('request', (r) => {
    if (/carousel-swiper\.[\w-]+\.js$/.test(r.url())) swiper.push(r.url());
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/watch/${results[0]!.id}`);
  const similar = page.locator('section[data-carousel]', {
    has: page.getByRole('heading', { name: 'Похожие' }),
  });
  return { similar, swiper };
}

/**
 * The viewer points at the title's name and reads; the pointer comes to rest mid-screen, and the
 * page scrolls the carousel under it (as the keyboard or a scrollbar would): no pointer move over
 * it. Returns where the pointer rests.
 */
async function restUnder(page: Page, similar: Locator) {
  const carousel = similar.locator('.carousel');
  await page.getByRole('heading', { level: 1 }).hover();
  const spot = { x: 640, y: 500 };
  const underPointer = () =>
    carousel.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), spot);
  await page.mouse.move(spot.x, spot.y);
  expect(await underPointer()).toBe(false);
  await carousel.evaluate((el, { y }) => {
    const r = el.getBoundingClientRect();
    window.scrollBy({ top: r.top + r.height / 2 - y, behavior: 'instant' });
  }, spot);
  await expect(similar).toBeInViewport();
  expect(await underPointer()).toBe(true);
  return spot;
}

// docs/product.md: Swiper takes a carousel over only when the viewer interacts with it.
test.describe('Swiper comes to a carousel the viewer takes in hand', () => {
  test('reading the page and scrolling the carousel into view bring no Swiper; the pointer entering it does', async ({
    page,
    request,
  }) => {
    const { similar, swiper } = await titlePage(page, request);
    const spot = await restUnder(page, similar);
    await page.waitForTimeout(1000);
    expect(swiper).toEqual([]);
    await expect(similar).not.toHaveAttribute('data-ready');
    // Still a native track: it scrolls by itself, and the arrows wait for Swiper.
    await expect(similar.getByRole('button', { name: 'Следующие' })).toBeHidden();

    // The pointer moves over it.
    await page.mouse.move(spot.x + 10, spot.y);
    await expect(similar).toHaveAttribute('data-ready', '');
    await expect(similar.locator('.swiper')).toHaveClass(/swiper-initialized/);
    await expect(similar.getByRole('button', { name: 'Следующие' })).toBeVisible();
    expect(swiper).toHaveLength(1);
  });

  test('focus moving into the carousel (the keyboard, a screen reader) brings Swiper to it', async ({
    page,
    request,
  }) => {
    const { similar, swiper } = await titlePage(page, request);
    await page.getByRole('heading', { level: 1 }).hover();
    await page.waitForTimeout(500);
    expect(swiper).toEqual([]);
    await similar.locator('.carousel__slide a[href]').first().focus();
    await expect(similar).toHaveAttribute('data-ready', '');
    await expect(similar.locator('.swiper')).toHaveClass(/swiper-initialized/);
  });

  test('the wheel turning the page over the carousel brings no Swiper; a sideways wheel does, and then pages it', async ({
    page,
    request,
  }) => {
    const { similar, swiper } = await titlePage(page, request);
    await restUnder(page, similar);
    await page.mouse.wheel(0, 40);
    await page.waitForTimeout(1000);
    expect(swiper).toEqual([]);
    await expect(similar).not.toHaveAttribute('data-ready');
    // A trackpad's swipe to the side.
    await page.mouse.wheel(120, 0);
    await expect(similar).toHaveAttribute('data-ready', '');
    const slides = similar.locator('.carousel__slide');
    await expect(slides.first()).toBeInViewport({ ratio: 0.99 });
    await page.mouse.wheel(120, 0);
    await expect(slides.first()).not.toBeInViewport({ ratio: 0.99 });
  });
});

test('on a touch phone the swipe that brings Swiper is not cut short, and Swiper keeps the slide it reached', async ({
  browser,
}) => {
  const page = await touchPhonePage(browser);
  await page.goto('/');
  const carousel = page.locator('section[data-carousel="wide"]').first();
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel).not.toHaveAttribute('data-ready');
  const slides = carousel.locator('.carousel__slide');
  await expect(slides.nth(1)).not.toBeInViewport();
  // A finger drags the native track from right to left, a slide's width in all, resting a quarter
  // of the way until Swiper has arrived: it must not take the track from under it.
  const { box, touch } = await fingerOn(page, carousel);
  const from = box.x + box.width - 20;
  const to = box.x + 40;
  const quarter = from - (from - to) / 4;
  const drag = async (start: number, end: number) => {
    for (let x = start - 20; x > end; x -= 20) {
      await touch('touchMove', x);
      await page.waitForTimeout(30);
    }
    await touch('touchMove', end);
  };
  const arrived = page.waitForResponse(/carousel-swiper\.[\w-]+\.js$/);
  await touch('touchStart', from);
  await drag(from, quarter);
  // Swiper's code has come while the finger rests on the track, and well past the moment of
  // stillness it waits for (200 ms), it has not taken the track over.
  await arrived;
  await page.waitForTimeout(600);
  await expect(carousel).not.toHaveAttribute('data-ready');
  await drag(quarter, to);
  await touch('touchEnd', to);
  await expect(carousel).toHaveAttribute('data-ready', '');
  await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
  await expect(slides.nth(1)).toBeInViewport({ ratio: 0.99 });
  await expect(slides.nth(0)).not.toBeInViewport();
  await page.context().close();
});
