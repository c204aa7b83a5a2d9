import { type APIRequestContext, expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';

/** The first title of a CMS list, as the pages will show it. */
async function first(request: APIRequestContext, list: string, query = '') {
  const body = await (await request.get(`/cms/content/${list}/?page_size=1${query}`)).json();
  return body.results[0] as { id: number; name: string; url: string; ageRating: string };
}

/**
 * The channels and what is on air, rendered now: a fresh query parameter keeps the edge cache
 * (pages 60 s, CMS answers 5 minutes) from answering with a copy made before a programme changed.
 */
const fresh = () => `fresh=${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
type OnAir = { name: string; slug: string; now: { name: string } | null };
async function channelsNow(
  request: APIRequestContext,
): Promise<{ count: number; results: OnAir[] }> {
  return (await request.get(`/cms/tv/channels/?${fresh()}`)).json();
}

/** What a channel shows now per the API just before and just after a page load (a programme may change in between). */
async function nowAround(request: APIRequestContext, load: () => Promise<unknown>) {
  const before = await channelsNow(request);
  await load();
  const after = await channelsNow(request);
  const names = (slug: string) =>
    [before, after]
      .map((a) => a.results.find((c) => c.slug === slug)?.now?.name)
      .filter((n): n is string => Boolean(n));
  return { before, names };
}
/** Any of the names, as typeset on the page: a space may have become a no-break space. */
const either = (names: string[]) =>
  new RegExp(
    names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')).join('|'),
  );

test.describe('catalogue sections', () => {
  test('/series shows the most popular series first, with a count and page links', async ({
    page,
    request,
  }) => {
    const top = await first(request, 'series');
    const res = await page.goto('/series');
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Сериалы');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(
      top.name,
    );
    await expect(page.getByText(/Найдено: \d+/)).toBeVisible();
    await page.getByRole('link', { name: 'Дальше →' }).click();
    await expect(page).toHaveURL(/\/series\?page=2$/);
    await expect(page.getByText(/Страница 2\sиз\s\d+/)).toBeVisible();
  });

  test('filters are links that keep each other and reset the page', async ({ page, request }) => {
    await page.goto('/movies?page=2');
    await page.getByText('Жанры').click();
    await page.getByRole('link', { name: 'Драма', exact: true }).click();
    await expect(page).toHaveURL(/\/movies\?genre=drama$/);
    await page.getByRole('link', { name: 'Новые' }).click();
    await expect(page).toHaveURL(/\/movies\?genre=drama&sort=new$/);
    const newest = await first(request, 'movies', '&genre=drama&sort=new');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(
      newest.name,
    );
    await expect(page.locator('.filter__summary--on')).toHaveText('Драма');
  });

  test('filters work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/series?age=12');
    const ages = await page.locator('.card__age').allTextContents();
    expect(ages.length).toBeGreaterThan(0);
    expect(ages.every((a) => ['0+', '6+', '12+'].includes(a))).toBe(true);
    await context.close();
  });

  test('a malformed filter answers 404, not an error', async ({ page }) => {
    expect((await page.goto('/series?page=0'))?.status()).toBe(404);
    expect((await page.goto('/movies?age=13'))?.status()).toBe(404);
  });

  test("partner sections list only their partner's titles", async ({ page, request }) => {
    for (const [path, partner] of [
      ['/hbo-max', 'hbo-max'],
      ['/kino1tv', 'kino1tv'],
      ['/paramount-plus', 'paramount-plus'],
    ]) {
      const top = await first(request, 'special', `&partner=${partner}`);
      expect((await page.goto(path))?.status(), path).toBe(200);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toHaveText(
        top.name,
      );
    }
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'US' });
    expect((await page.goto('/paramount-plus'))?.status()).toBe(403);
  });

  test('/kids opens only in the CIS: elsewhere it is the forbidden screen', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'KZ' });
    expect((await page.goto('/kids'))?.status()).toBe(200);
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' });
    expect((await page.goto('/kids'))?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: 'Нет доступа' })).toBeVisible();
  });

  test('a kid profile sees only content up to 6+ in catalogue lists', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!, { kid: true });
    await page.goto('/movies');
    const ages = await page.locator('.card__age').allTextContents();
    expect(ages.length).toBeGreaterThan(0);
    expect(ages.every((a) => ['0+', '6+'].includes(a))).toBe(true);
  });
});

test.describe('title pages', () => {
  test('a series page shows facts, people, seasons and episodes, and season links switch the list', async ({
    page,
    request,
  }) => {
    const series = await first(request, 'series');
    const detail = await (await request.get(`/cms/content/series/${series.id}/`)).json();
    const res = await page.goto(series.url);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(series.name);
    await expect(page).toHaveTitle(
      new RegExp(
        `^${series.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d{4}\\) — смотреть онлайн \\| Амедиатека$`,
      ),
    );
    await expect(page.getByRole('heading', { name: 'Сезоны и серии' })).toBeVisible();
    const seasonLinks = page.getByRole('navigation', { name: 'Сезоны' }).getByRole('link');
    await expect(seasonLinks).toHaveCount(detail.seasons.length);
    await expect(seasonLinks.first()).toHaveAttribute('aria-current', 'page');
    const season = await (
      await request.get(detail.seasons[0].url.replace(/^https?:\/\/[^/]+/, ''))
    ).json();
    await expect(page.locator('.episode')).toHaveCount(season.episodes.length);
    if (detail.seasons.length > 1) {
      await seasonLinks.nth(1).click();
      await expect(seasonLinks.nth(1)).toHaveAttribute('aria-current', 'page');
    }
  });

  test('a title page carries Movie or TVSeries data with a watch action, and a breadcrumb', async ({
    page,
    request,
  }) => {
    const movie = await first(request, 'movies');
    await page.goto(movie.url);
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t),
    );
    expect(blocks[0]).toMatchObject({
      '@type': 'Movie',
      name: movie.name,
      contentRating: movie.ageRating,
      potentialAction: { '@type': 'WatchAction' },
    });
    expect(blocks[1]['@type']).toBe('BreadcrumbList');
  });

  test('adult content in a kid profile answers 403 with the watch popup', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    const adult = await first(request, 'movies', '&sort=popular');
    const detail = await (await request.get(`/cms/content/movie/${adult.id}/`)).json();
    test.skip(['0+', '6+'].includes(detail.ageRating), 'the top movie is for kids');
    await signIn(context, baseURL!, { kid: true });
    const res = await page.goto(adult.url);
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('dialog', { name: 'Контент недоступен' })).toBeVisible();
  });

  test('Paramount+ content outside the CIS answers 403 with the watch popup', async ({
    page,
    request,
  }) => {
    const title = await first(request, 'special', '&partner=paramount-plus');
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'FR' });
    expect((await page.goto(title.url))?.status()).toBe(403);
    await expect(page.getByRole('dialog', { name: 'Контент недоступен' })).toBeVisible();
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'RU' });
    expect((await page.goto(title.url))?.status()).toBe(200);
  });
});

test.describe('collections and TV', () => {
  test('/collections lists the collections and each one opens with its titles', async ({
    page,
    request,
  }) => {
    const list = await (await request.get('/cms/showcases/collections/?page_size=1')).json();
    const first = list.results[0];
    await page.goto('/collections');
    await page.getByRole('link', { name: new RegExp(first.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/${first.slug}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.name);
    const one = await (await request.get(`/cms/showcases/collections/${first.slug}/`)).json();
    await expect(page.locator('.card')).toHaveCount(one.count);
    expect((await page.goto('/collections/no-such-collection'))?.status()).toBe(404);
  });

  test('/tv lists every channel with its programme of today, what is on now marked, in Moscow time', async ({
    page,
    request,
  }) => {
    const { before: api, names } = await nowAround(request, () => page.goto(`/tv?${fresh()}`));
    await expect(page.locator('.channel')).toHaveCount(api.count);
    const firstOnAir = api.results.find((c) => c.now);
    test.skip(!firstOnAir, 'nothing on air');
    await expect(
      page
        .locator('.channel')
        .filter({ hasText: firstOnAir!.name })
        .locator('[aria-current="time"]'),
    ).toContainText(either(names(firstOnAir!.slug)));
  });

  test("/tv has a day picker (web-enable-calendar is on in the seed) showing a day's guide", async ({
    page,
  }) => {
    await page.goto('/tv');
    const days = page.getByRole('navigation', { name: 'Дни' }).getByRole('link');
    await expect(days).toHaveCount(7);
    await expect(days.nth(1)).toHaveAttribute('aria-current', 'page');
    await expect(days.nth(1)).toContainText('Сегодня');
    await days.nth(3).click();
    await expect(page).toHaveURL(/\/tv\?date=\d{4}-\d{2}-\d{2}$/);
    await expect(page.locator('.channel')).toHaveCount(30);
    expect(await page.locator('.channel').first().locator('li').count()).toBeGreaterThan(5);
    expect((await page.goto('/tv?date=not-a-date'))?.status()).toBe(404);
  });

  test('a channel page shows its programme of the day in Moscow time, what is on now, and BroadcastEvent data', async ({
    page,
    request,
  }) => {
    const api = await channelsNow(request);
    const channel = api.results.find((c) => c.now) ?? api.results[0]!;
    await page.goto('/tv');
    await expect(page.getByRole('link', { name: channel.name, exact: true })).toHaveAttribute(
      'href',
      `/tv/${channel.slug}`,
    );
    const { names } = await nowAround(request, () => page.goto(`/tv/${channel.slug}?${fresh()}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(channel.name);
    const day = await (await request.get(`/cms/tv/channels/${channel.slug}/?${fresh()}`)).json();
    await expect(page.locator('.programme')).toHaveCount(day.programmes.length);
    const onAir = names(channel.slug);
    if (onAir.length)
      await expect(page.locator('[aria-current="time"]')).toContainText(either(onAir));
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t),
    );
    const events = ld.flatMap((b) =>
      b['@type'] === 'ItemList' ? b.itemListElement.map((i: { item: unknown }) => i.item) : [],
    );
    expect(events[0]).toMatchObject({
      '@type': 'BroadcastEvent',
      publishedOn: { '@type': 'BroadcastService', name: channel.name },
    });
    expect(events).toHaveLength(day.programmes.length);
    const days = page.getByRole('navigation', { name: 'Дни' }).getByRole('link');
    await days.nth(3).click();
    await expect(page).toHaveURL(new RegExp(`/tv/${channel.slug}\\?date=\\d{4}-\\d{2}-\\d{2}$`));
    await expect(page.locator('.programme').first()).toBeVisible();
    expect((await page.goto('/tv/no-such-channel'))?.status()).toBe(404);
    expect((await page.goto(`/tv/${channel.slug}?date=2026-13-45`))?.status()).toBe(404);
  });
});

test.describe('search page', () => {
  test('finds a title by a prefix of its name, without JavaScript too', async ({
    browser,
    request,
  }) => {
    const top = (await (await request.get('/cms/content/series/?page_size=1')).json()).results[0];
    const word = top.name.split(' ')[0].slice(0, 4);
    const api = await (await request.get(`/cms/search/?query=${encodeURIComponent(word)}`)).json();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/search');
    await expect(page.getByRole('heading', { name: 'Популярное' })).toBeVisible();
    await page.getByLabel('Название, актёр или режиссёр').fill(word);
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page).toHaveURL(/\/search\?query=/);
    await expect(page.getByRole('status')).toContainText(`Нашлось ${api.count}`);
    await expect(page.locator('.card').first()).toContainText(api.results[0].name);
    await context.close();
  });

  test('says so when nothing is found', async ({ page }) => {
    await page.goto('/search?query=zzzqqqxxx');
    await expect(page.getByRole('status')).toHaveText('По запросу «zzzqqqxxx» ничего не нашлось');
    await expect(page.locator('.card')).toHaveCount(0);
  });
});
