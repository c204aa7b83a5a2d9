import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { signIn } from './support/session.ts';
import { engage } from './support/shelves.ts';

// Its own client address: sign-ups here must not spend the allowance other files share.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.63' } });

interface Card {
  id: number;
  name: string;
  type: string;
  year: number;
  ageRating: string;
  url: string;
  assets: { poster: string };
}

const LABEL = 'Название, актёр или режиссёр';

async function search(request: APIRequestContext, query: string, extra = '') {
  const res = await request.get(
    `/cms/search/?query=${encodeURIComponent(query)}&page_size=8${extra}`,
  );
  expect(res.status()).toBe(200);
  return (await res.json()) as { count: number; results: Card[] };
}

async function list(request: APIRequestContext, type: string) {
  return (
    (await (await request.get(`/cms/content/${type}/?page_size=60`)).json()) as { results: Card[] }
  ).results;
}

/** The search box once the island has hydrated: until then it is a plain search field. */
async function searchBox(page: Page) {
  await page.goto('/search');
  // The island hydrates on the viewer's first input (client:input). The field's autofocus is
  // usually that input, but a page of a window without focus (two workers on a busy machine) may
  // get no focus event: the viewer clicks into the field, as one would.
  await page.getByLabel(LABEL).first().click();
  const box = page.getByRole('combobox', { name: LABEL });
  await expect(box).toBeVisible();
  return {
    box,
    listbox: page.getByRole('listbox', { name: 'Подсказки' }),
    options: page.getByRole('option'),
    live: page.locator('form[role="search"] [aria-live="polite"]'),
  };
}

test.describe('search as you type', () => {
  test('typing a title’s name suggests it with poster, year and type, asking once typing pauses', async ({
    page,
    request,
  }) => {
    const title = (await list(request, 'series'))[0]!;
    const expected = await search(request, title.name);
    const { box, listbox, options, live } = await searchBox(page);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/cms/search/'))
        asked.push(new URL(r.url()).searchParams.get('query') ?? '');
    });
    await box.pressSequentially(title.name, { delay: 40 });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', 'search-suggestions');
    await expect(options).toHaveCount(expected.results.length);
    const option = options.filter({ hasText: title.name }).first();
    await expect(option).toContainText(`${title.year} · Сериал · ${title.ageRating}`);
    await expect(option.locator('img')).toHaveAttribute('src', title.assets.poster);
    await expect(live).toHaveText(new RegExp(`^Нашлось ${expected.count}\\sрезультат(а|ов)?$`));
    // Debounced: far fewer requests than keystrokes (one, unless the machine stalls the typing), never
    // for one letter, and the last one for the whole name.
    expect(asked.length).toBeLessThan(title.name.length / 2);
    expect(asked.every((q) => q.trim().length >= 2)).toBe(true);
    expect(asked.at(-1)).toBe(title.name);
  });

  test('ё and е find the same titles', async ({ page, request }) => {
    const titles = [...(await list(request, 'series')), ...(await list(request, 'movies'))];
    const title = titles.find((t) => /ё/i.test(t.name));
    test.skip(!title, 'no title with ё among the first series and movies');
    const { box, options } = await searchBox(page);
    await box.fill(title!.name.replace(/ё/g, 'е').replace(/Ё/g, 'Е'));
    await expect(options.filter({ hasText: title!.name }).first()).toBeVisible();
    await box.fill(title!.name.replace(/е/g, 'ё'));
    await expect(options.filter({ hasText: title!.name }).first()).toBeVisible();
  });

  test('ArrowDown and Enter open the chosen title; ArrowUp wraps to the last suggestion', async ({
    page,
    request,
  }) => {
    const title = (await list(request, 'movies'))[0]!;
    const expected = await search(request, title.name);
    const { box, options } = await searchBox(page);
    await box.fill(title.name);
    await expect(options).toHaveCount(expected.results.length);
    await box.press('ArrowUp');
    const last = options.last();
    await expect(last).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await last.getAttribute('id'))!);
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      `search-option-${expected.results[0]!.id}`,
    );
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${expected.results[0]!.url}$`));
    expect(expected.results[0]!.url).toMatch(/^\/watch\/\d+$/);
  });

  test('Enter without a chosen suggestion shows the results page', async ({ page, request }) => {
    const title = (await list(request, 'series'))[1]!;
    const word = title.name.split(' ')[0]!;
    const expected = await search(request, word);
    const { box, listbox } = await searchBox(page);
    await box.fill(word);
    await expect(listbox).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL(
      (url) => url.pathname === '/search' && url.searchParams.get('query') === word,
    );
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^Нашлось ${expected.count}\\s`));
    // The results page's box is a plain search field until the viewer's first input.
    await expect(page.getByRole('searchbox', { name: LABEL })).toHaveValue(word);
    await engage(page);
    await expect(page.getByRole('combobox', { name: LABEL })).toHaveValue(word);
  });

  test('a results page loads no React until the viewer acts, then the box suggests as before', async ({
    page,
    request,
  }) => {
    const word = (await list(request, 'series'))[0]!.name.split(' ')[0]!;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    // A fresh page's first layout under Chromium's resting pointer sends one pointermove, which
    // is first input enough; a viewer arriving from another page of the site meets none.
    await page.goto('/faq');
    await page.goto(`/search?query=${encodeURIComponent(word)}`, { waitUntil: 'networkidle' });
    const island = page.locator('astro-island');
    await expect(island).toHaveAttribute('ssr', '');
    const atLoad = scripts.length;
    await engage(page);
    await expect(island).not.toHaveAttribute('ssr');
    // What came after the input is the island's code: the page had not fetched it.
    expect(scripts.length).toBeGreaterThan(atLoad);
    const box = page.getByRole('combobox', { name: LABEL });
    await box.fill(word.slice(0, 3));
    await expect(page.getByRole('listbox', { name: 'Подсказки' })).toBeVisible();
  });

  test('Escape and a click outside close the suggestions', async ({ page, request }) => {
    const title = (await list(request, 'series'))[0]!;
    const { box, listbox, options } = await searchBox(page);
    await box.fill(title.name);
    await expect(listbox).toBeVisible();
    await box.press('ArrowDown');
    await box.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).not.toHaveAttribute('aria-activedescendant');
    await expect(box).toHaveValue(title.name);
    await expect(box).toBeFocused();
    await box.press('ArrowDown');
    await expect(listbox).toBeVisible();
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('heading', { name: 'Поиск', level: 1 }).click();
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('a query that matches nothing says «Ничего не нашлось»', async ({ page }) => {
    const { box, listbox, live } = await searchBox(page);
    await box.fill('zzqxjw');
    await expect(live).toHaveText('Ничего не нашлось');
    await expect(live).toBeVisible();
    await expect(listbox).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test("an API error shows the server's message and the form still works", async ({ page }) => {
    const { box, live } = await searchBox(page);
    // The real Worker's 422 for a page size it refuses: an error envelope the island must show as is.
    await page.route('**/cms/search/**', (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set('page_size', '1000');
      return route.continue({ url: url.href });
    });
    await box.fill('город');
    await expect(live).toHaveText(/^Размер страницы должен быть не больше 60$/);
    await expect(live).toBeVisible();
    await page.unroute('**/cms/search/**');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?query=%D0%B3%D0%BE%D1%80%D0%BE%D0%B4$/);
    await expect(page.getByRole('status')).toHaveText(/^Нашлось \d+/);
  });

  for (const width of [320, 1440]) {
    test(`the open suggestions have no WCAG 2.2 AA violations at ${width} px`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const title = (await list(request, 'series'))[0]!;
      const { box, listbox } = await searchBox(page);
      await box.fill(title.name.split(' ')[0]!);
      await expect(listbox).toBeVisible();
      await box.press('ArrowDown');
      await noViolations(page, `suggestions at ${width} px`);
      const row = await page.getByRole('option').first().boundingBox();
      expect(row!.height).toBeGreaterThanOrEqual(44);
    });
  }

  test('a kid profile is never offered anything above 6+', async ({
    page,
    context,
    baseURL,
    request,
  }) => {
    // A prefix for which a guest's suggestions include titles above 6+ and a kid still gets some.
    let prefix: string | undefined;
    for (const title of await list(request, 'kids')) {
      const candidate = title.name.slice(0, 3);
      const guest = await search(request, candidate);
      const kid = await search(request, candidate, '&age=6');
      if (kid.count > 0 && guest.results.some((t) => !['0+', '6+'].includes(t.ageRating))) {
        prefix = candidate;
        break;
      }
    }
    test.skip(!prefix, 'no prefix mixes kids and adult titles');
    const kid = await search(request, prefix!, '&age=6');
    await signIn(context, baseURL!, { kid: true });
    const { box, options, live } = await searchBox(page);
    await box.fill(prefix!);
    await expect(live).toHaveText(new RegExp(`^Нашлось ${kid.count}\\s`));
    await expect(options).toHaveCount(kid.results.length);
    for (const meta of await page.locator('.search-box__meta').allTextContents())
      expect(meta).toMatch(/ · [06]\+$/);
  });

  test('the island hydrates over the server markup without warnings or shifts, and loads on /search only', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
    });
    page.on('pageerror', (e) => problems.push(e.message));
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/search?query=город');
    // The island hydrates on the viewer's first input (client:input).
    await engage(page);
    await expect(page.getByRole('combobox', { name: LABEL })).toHaveValue('город');
    // Every layout shift since the page began, and how far each moved element went.
    const shifts = await page.evaluate(
      () =>
        new Promise<{ value: number; moved: number }[]>((resolve) => {
          type Rect = { x: number; y: number; width: number; height: number };
          type Shift = PerformanceEntry & {
            value: number;
            sources: { previousRect: Rect; currentRect: Rect }[];
          };
          const seen: { value: number; moved: number }[] = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Shift[])
              seen.push({
                value: entry.value,
                moved: Math.max(
                  0,
                  ...entry.sources.flatMap(({ previousRect: a, currentRect: b }) => [
                    Math.abs(a.x - b.x),
                    Math.abs(a.y - b.y),
                    Math.abs(a.width - b.width),
                    Math.abs(a.height - b.height),
                  ]),
                ),
              });
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(seen), 300);
        }),
    );
    // Nothing a viewer could see moves: no element by a whole pixel. A busy machine has shown
    // sub-pixel shifts here (scores of 0.0006 and 0.0011), which no one sees.
    expect(shifts.filter((s) => s.moved >= 1)).toEqual([]);
    expect(shifts.reduce((sum, s) => sum + s.value, 0)).toBeLessThan(0.02);
    expect(problems).toEqual([]);
    expect(scripts.some((s) => /\/SearchBox\./.test(s))).toBe(true);
    scripts.length = 0;
    for (const path of ['/', '/series']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.filter((s) => /SearchBox|\/client\./.test(s))).toEqual([]);
  });
});

test.describe('search results', () => {
  const BROAD = 'город';

  test('arriving on page 2 and loading more counts the first page too, and hearts on the added cards work', async ({
    page,
    request,
  }) => {
    const expected = await search(request, BROAD);
    await signUpByEmail(page, `search-${unique()}@example.ru`, 'correct horse 1');
    await page.goto(`/search?query=${encodeURIComponent(BROAD)}&page=2`);
    await page.getByRole('link', { name: 'Показать ещё' }).click();
    await expect(page.locator('#search-results > li')).toHaveCount(
      Math.min(48, expected.count - 24),
    );
    await expect(page.locator('[data-search-shown]')).toHaveText(
      `Показано ${Math.min(72, expected.count)} из ${expected.count}`,
    );
    const added = page.locator('#search-results > li').nth(24).locator('[data-card]');
    await added.hover();
    const heart = added.locator('[data-card-favourite]');
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
  });

  test('a broad query pages through every result the count promises, loading more in place', async ({
    page,
    request,
  }) => {
    const expected = await search(request, BROAD);
    expect(expected.count).toBeGreaterThan(48);
    await page.goto(`/search?query=${encodeURIComponent(BROAD)}`);
    await expect(page.getByRole('status')).toHaveText(
      new RegExp(`^Нашлось ${expected.count}\\sрезультат`),
    );
    const cards = page.locator('#search-results > li');
    await expect(cards).toHaveCount(24);
    const more = page.getByRole('link', { name: 'Показать ещё' });
    await expect(more).toHaveAttribute('rel', 'next');
    await expect(more).toHaveAttribute('href', /[?&]page=2(&|$)/);
    let shown = 24;
    while (shown < expected.count) {
      await more.click();
      shown = Math.min(shown + 24, expected.count);
      await expect(cards).toHaveCount(shown);
      // Focus goes to the first new result, so a keyboard goes on from there.
      await expect(cards.nth(shown - 1 - ((shown - 1) % 24)).locator('a.card__link')).toBeFocused();
    }
    await expect(more).toHaveCount(0);
    await expect(page.locator('[data-search-shown]')).toHaveText(
      `Показано ${expected.count} из ${expected.count}`,
    );
    const hrefs = await cards
      .locator('a.card__link')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(new Set(hrefs).size).toBe(expected.count);
    await expect(page).toHaveURL((url) => !url.searchParams.has('page'));
  });

  test('the search box suggests the same titles, in the same order and count, as the page', async ({
    page,
  }) => {
    await page.goto(`/search?query=${encodeURIComponent(BROAD)}`);
    const status = (await page.getByRole('status').textContent()) ?? '';
    const names = await page.locator('#search-results .card__name').allTextContents();
    const { box, options, live } = await searchBox(page);
    await box.fill(BROAD);
    await expect(options).toHaveCount(8);
    await expect(live).toHaveText(status);
    expect(await page.locator('.search-box__name').allTextContents()).toEqual(names.slice(0, 8));
  });

  test('the search box tolerates a typo and the wrong layout too, and says so', async ({
    page,
    request,
  }) => {
    const meant = await search(request, 'сорок');
    const { box, options, live } = await searchBox(page);
    for (const typed of ['сарок', 'cjhjr']) {
      await box.fill(typed);
      await expect(options.first()).toContainText(meant.results[0]!.name);
      await expect(options).toHaveCount(meant.results.length);
      await expect(live).toHaveText(
        new RegExp(`^Нашлось ${meant.count}\\s.*\\. Показаны результаты по\\sзапросу «сорок»$`),
      );
      await expect(page.locator('.search-box__corrected')).toHaveText(
        'Показаны результаты по запросу «сорок»',
      );
    }
  });

  for (const javaScriptEnabled of [true, false]) {
    test(`the header’s search icon lands in the search field${javaScriptEnabled ? '' : ' without JavaScript'}`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled });
      const page = await context.newPage();
      await page.goto('/series');
      await page.getByRole('banner').getByRole('link', { name: 'Поиск', exact: true }).click();
      await expect(page).toHaveURL(/\/search$/);
      await expect(page.getByLabel(LABEL)).toBeFocused();
      // A results page does not take the focus: the viewer came to read.
      await page.goto(`/search?query=${encodeURIComponent(BROAD)}`);
      await expect(page.getByLabel(LABEL)).not.toBeFocused();
      await context.close();
    });
  }
});
