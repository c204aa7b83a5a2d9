import { type APIRequestContext, expect, type Page, test } from '@playwright/test';

/** A series with at least two seasons, the second with at least four episodes, as its page shows them. */
async function seriesWithSeasons(request: APIRequestContext, page: Page) {
  const { results } = (await (await request.get('/cms/content/series/?page_size=20')).json()) as {
    results: { url: string }[];
  };
  for (const { url } of results) {
    await page.goto(`${url}?season=2`);
    if ((await page.locator('.season-tabs a').count()) < 2) continue;
    const episodes = page.locator('[data-episodes] > li');
    if ((await episodes.count()) >= 4) return { url, last: await episodes.count() };
  }
  throw new Error('no series with two seasons and four episodes in the second');
}

/** The bottom edge of the sticky header. */
const headerBottom = async (page: Page) =>
  (await page.locator('.site-header').boundingBox())!.y +
  (await page.locator('.site-header').boundingBox())!.height;

/** Whether an element's top edge is below the sticky header and inside the viewport. */
async function visibleBelowHeader(page: Page, selector: string) {
  const box = (await page.locator(selector).boundingBox())!;
  const viewport = page.viewportSize()!;
  const header = await headerBottom(page);
  return box.y >= header - 1 && box.y + Math.min(box.height, 40) <= viewport.height;
}

for (const [width, height] of [
  [1440, 900],
  [375, 740],
] as const) {
  test.describe(`series page at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('a link to an episode scrolls to it below the header and marks it', async ({
      page,
      request,
    }) => {
      const { url, last } = await seriesWithSeasons(request, page);
      const id = `episode-2-${last}`;
      await page.goto(`${url}?season=2&episode=${last}#${id}`);
      const episode = page.locator(`#${id}`);
      await expect(episode).toBeInViewport();
      await expect.poll(() => visibleBelowHeader(page, `#${id}`)).toBe(true);
      await expect(episode.locator('a[data-play]')).toHaveAttribute('aria-current', 'true');
      await expect(episode.getByText('Выбрана')).toBeVisible();
      await expect(page.locator('[data-episodes] a[aria-current]')).toHaveCount(1);
      await expect(page.locator('[data-episodes] > li[data-current]')).toHaveCount(1);
      // It leads to the episode, so the player above does not start.
      await expect(page.locator('#player')).toBeHidden();
      // Pressing another episode moves the mark there.
      const first = page.locator('#episode-2-1 a[data-play]');
      await first.click();
      await expect(first).toHaveAttribute('aria-current', 'true');
      await expect(episode.locator('a[data-play]')).not.toHaveAttribute('aria-current');
      await expect(page.locator('#episode-2-1').getByText('Выбрана')).toBeVisible();
    });

    test('without JavaScript the link to an episode also lands on it, marked', async ({
      browser,
      request,
      page,
    }) => {
      const { url, last } = await seriesWithSeasons(request, page);
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height },
      });
      const noJs = await context.newPage();
      const id = `episode-2-${last}`;
      await noJs.goto(`${url}?season=2&episode=${last}#${id}`);
      await expect(noJs.locator(`#${id}`)).toBeInViewport();
      expect(await visibleBelowHeader(noJs, `#${id}`)).toBe(true);
      // The server's mark (tests/pages/series-episodes.test.ts) shows as «Выбрана» by CSS alone.
      await expect(noJs.locator(`#${id}`).getByText('Выбрана')).toBeVisible();
      await context.close();
    });

    test('a plain ?season=&episode= link leads to the episode, and ?play=1 plays it', async ({
      page,
      request,
    }) => {
      // Its mark, the hidden player and its play link are the server's: tests/pages/series-episodes.test.ts.
      const { url, last } = await seriesWithSeasons(request, page);
      await page.goto(`${url}?season=2&episode=${last}`);
      await expect.poll(() => visibleBelowHeader(page, `#episode-2-${last}`)).toBe(true);
      await page.goto(`${url}?season=2&episode=${last}&play=1`);
      await expect(page.locator('#player')).toBeVisible();
    });

    test('switching the season keeps the season picker in view below the sticky header', async ({
      page,
      request,
    }) => {
      const { url } = await seriesWithSeasons(request, page);
      await page.goto(url);
      const tabs = page.locator('.season-tabs');
      await tabs.scrollIntoViewIfNeeded();
      await tabs.getByRole('link').nth(1).click();
      await expect(page).toHaveURL(/[?&]season=2#seasons$/);
      await expect(tabs.getByRole('link').nth(1)).toHaveAttribute('aria-current', 'page');
      await expect.poll(() => visibleBelowHeader(page, '.season-tabs')).toBe(true);
      await expect.poll(() => visibleBelowHeader(page, '#seasons')).toBe(true);
    });
  });
}
