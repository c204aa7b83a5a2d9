import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

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

// docs/product.md: Swiper takes a carousel over only when the viewer interacts with it.
test.describe('Swiper comes to a carousel the viewer takes in hand', () => {
  test('reading the page and scrolling the carousel into view bring no Swiper; the pointer entering it does', async ({
    page,
    request,
  }) => {
    const { similar, swiper } = await titlePage(page, request);
    const carousel = similar.locator('.carousel');
    // The viewer points at the title's name and reads, scrolls the page to its end with the
    // keyboard and back; then the pointer rests where the carousel was, and the keyboard scrolls
    // the carousel under it.
    await page.getByRole('heading', { level: 1 }).hover();
    await page.keyboard.press('End');
    await expect(similar).toBeInViewport();
    // The middle of the part in view, below the sticky header.
    const spot = await carousel.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return {
        x: r.left + r.width / 2,
        y: (Math.max(r.top, 100) + Math.min(r.bottom, innerHeight)) / 2,
      };
    });
    const underPointer = () =>
      carousel.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), spot);
    await page.keyboard.press('Home');
    await expect.poll(underPointer).toBe(false);
    await page.mouse.move(spot.x, spot.y);
    await page.keyboard.press('End');
    await expect.poll(underPointer).toBe(true);
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
});
