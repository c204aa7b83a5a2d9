import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { d1 } from './support/d1.ts';

// Each journey signs up its own viewer from its own IP, so it shares no rows or limits with others.
const ip = () => `198.51.100.${100 + Math.floor(Math.random() * 100)}`;
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': ip() } });

const PASSWORD = 'correct horse 1';
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

async function signedUp(page: Page) {
  const email = `lists-${unique()}@example.ru`;
  await signUpByEmail(page, email, PASSWORD);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'user_id');
  return { email, profileId: Number(cookie!.value) };
}

/** Movies a signed-in adult may see and add, from the catalogue API. */
async function movieIds(page: Page, n: number): Promise<number[]> {
  const res = await page.request.get(`/cms/content/movies/?page_size=${n}&age=16`);
  return ((await res.json()) as { results: { id: number }[] }).results.map((r) => r.id);
}

/**
 * Adds favourites through the API as the page would. A 503 `storage_unavailable` wrote nothing and
 * may be retried (docs/product.md, «When things go wrong»); here it comes when a journey's
 * out-of-band `d1()` write held the local database's file for a moment, so it is retried twice.
 */
async function addFavourites(page: Page, ids: number[]) {
  const origin = new URL(page.url()).origin;
  for (const id of ids) {
    let res = await page.request.post(`/favourites/${id}`, { headers: { origin } });
    for (let retry = 0; retry < 2 && res.status() === 503; retry++) {
      await page.waitForTimeout(500);
      res = await page.request.post(`/favourites/${id}`, { headers: { origin } });
    }
    expect(res.status()).toBe(204);
  }
}

/**
 * The latest noon in Moscow at or before now: a history written around it has a «today» and a
 * «yesterday» whatever the hour the journey runs at.
 */
function lastMoscowNoon(): number {
  const day = 86_400_000;
  const msk = 3 * 3_600_000;
  const now = Date.now();
  const noon = Math.floor((now + msk) / day) * day - msk + 12 * 3_600_000;
  return noon > now ? noon - day : noon;
}

/**
 * Progress rows as playback writes them, for series episodes a signed-in adult may see: two
 * today, one yesterday, one more than a year ago, seen from `at` (unix seconds; now by default).
 */
async function watchEpisodes(
  request: APIRequestContext,
  profileId: number,
  at = Math.floor(Date.now() / 1000),
) {
  await d1(
    request,
    `INSERT INTO watch_progress (id, profile_id, title_id, episode_id, position, duration, completed, updated_at)
      WITH eps AS (
        SELECT e.id, e.title_id, row_number() OVER (ORDER BY e.id) AS n FROM episodes e
        JOIN titles t ON t.id = e.title_id
        WHERE t.type = 'series' AND t.age_rating <= 16 AND t.partner != 'paramount-plus'
          AND t.released_at <= unixepoch() AND e.released_at <= unixepoch())
      SELECT lower(hex(randomblob(16))), ${profileId}, title_id, id, 600, 2400, 0,
        ${at} - CASE n WHEN 1 THEN 60 WHEN 2 THEN 120 WHEN 3 THEN 86400 ELSE 400 * 86400 END
      FROM eps WHERE n <= 4`,
  );
}

/** Second browsers a journey opened: closed after it, whether it passed or not. */
const others: BrowserContext[] = [];
test.afterEach(async () => {
  await Promise.all(others.splice(0).map((c) => c.close()));
});

/** Another device of the same viewer signs out every other device: `page`'s session ends. */
async function endSessionElsewhere(page: Page, browser: Browser, email: string) {
  const other: BrowserContext = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { 'cf-connecting-ip': ip() },
  });
  others.push(other);
  const second = await other.newPage();
  await signInByEmail(second, email, PASSWORD);
  await second.goto('/settings/devices');
  await second.getByRole('button', { name: 'Выйти на всех других устройствах' }).click();
  await expect(second.getByRole('status')).toBeVisible();
  return { second };
}

/**
 * Keeps what the first dialog to open showed: after a 401 the page reloads (docs/product.md,
 * «When things go wrong»), so it goes to session storage, which outlives the reload.
 */
async function catchDialog(page: Page) {
  await page.evaluate(() => {
    document.documentElement.dataset.beforeReload = '';
    new MutationObserver(() => {
      const dialog = document.querySelector('dialog[open]');
      if (dialog && !sessionStorage.getItem('seen'))
        sessionStorage.setItem(
          'seen',
          JSON.stringify({
            title: dialog.querySelector('h2')?.textContent,
            text: dialog.querySelector('p')?.textContent,
            button: dialog.querySelector('button')?.textContent,
            image: dialog.querySelector('svg[role="img"], img') !== null,
          }),
        );
    }).observe(document.body, { childList: true, subtree: true, attributes: true });
  });
}

/** The 'Ошибка' dialog of a failed favourite removal was shown (caught by `catchDialog`). */
async function expectErrorDialog(page: Page) {
  // Read while the page may be reloading: a read that meets the navigation is simply retried.
  let seen: string | null = null;
  await expect
    .poll(async () => {
      seen = await page.evaluate(() => sessionStorage.getItem('seen')).catch(() => null);
      return seen;
    })
    .not.toBeNull();
  expect(JSON.parse(seen!)).toEqual({
    title: 'Ошибка',
    text: 'Сервис недоступен, попробуйте позже',
    button: 'Закрыть',
    image: true,
  });
  // Then the page reloaded, and is done loading: Chromium can hang closing a page whose
  // navigation is committing, so no journey may end before this.
  await expect
    .poll(() =>
      page
        .evaluate(
          () =>
            document.readyState === 'complete' &&
            !('beforeReload' in document.documentElement.dataset),
        )
        .catch(() => false),
    )
    .toBe(true);
}

test('a viewer adds a title to favourites and likes it on its page, and both stay after a reload', async ({
  page,
}) => {
  await signedUp(page);
  const [id] = await movieIds(page, 1);
  await page.goto(`/watch/${id}`);
  const favourite = page.getByRole('button', { name: 'В избранное', exact: true });
  await expect(favourite).toBeEnabled();
  await expect(favourite).toHaveAttribute('aria-pressed', 'false');
  await favourite.click();
  await expect(page.getByRole('button', { name: 'В избранном', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const like = page.getByRole('button', { name: 'Нравится', exact: true });
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await noViolations(page, 'title page with the favourite and vote buttons');

  await page.reload();
  await expect(page.getByRole('button', { name: 'В избранном', exact: true })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Нравится', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // How a favourite shows in /my/favorite and /my: tests/pages/my-lists.test.ts.
  await page.goto('/my');
  await noViolations(page, '/my');
});

test('removing a favourite on the title page that is not answered 204 opens the «Ошибка» dialog', async ({
  page,
  browser,
}) => {
  const { email } = await signedUp(page);
  const [id] = await movieIds(page, 1);
  await addFavourites(page, [id!]);
  await page.goto(`/watch/${id}`);
  const added = page.getByRole('button', { name: 'В избранном', exact: true });
  await expect(added).toBeEnabled();

  const { second } = await endSessionElsewhere(page, browser, email);
  await catchDialog(page);
  const answer = page.waitForResponse((r) => r.url().includes('/favourites/batch/'));
  await added.click();
  expect((await answer).status()).toBe(401);
  await expectErrorDialog(page);
  const status = await second.request.get(`/favourites/${id}`);
  expect(((await status.json()) as { status: boolean }).status).toBe(true);
});

test('favourites: edit mode, select all, leaving unchecks, removal of one ends in VIEW', async ({
  page,
}) => {
  await signedUp(page);
  await page.goto('/my/favorite');
  await hydrated(page);
  await expect(page.getByText('В избранном пока ничего нет', { exact: false })).toBeVisible();
  // No edit mode without an item.
  await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);

  await addFavourites(page, await movieIds(page, 3));
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('В избранном: 3')).toBeVisible();
  await page.getByRole('button', { name: 'Редактировать' }).click();
  const boxes = page.getByRole('checkbox');
  await expect(boxes).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Выбрать все' }).click();
  for (const box of await boxes.all()) await expect(box).toBeChecked();
  await expect(page.getByRole('button', { name: 'Удалить (3)' })).toBeEnabled();
  await noViolations(page, '/my/favorite in EDIT');

  // Leaving EDIT unchecks everything.
  await page.getByRole('button', { name: 'Отменить' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Редактировать' }).click();
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();

  await boxes.first().check();
  await page.getByRole('button', { name: 'Удалить (1)' }).click();
  await expect(page.getByText('В избранном: 2')).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Редактировать' })).toBeVisible();
  await page.reload();
  await expect(page.locator('.my-grid li')).toHaveCount(2);
});

test('favourites: «Показать ещё» after a removal brings every remaining item, none skipped', async ({
  page,
}) => {
  await signedUp(page);
  await addFavourites(page, await movieIds(page, 26));
  await page.goto('/my/favorite');
  await hydrated(page);
  await expect(page.locator('.my-grid li')).toHaveCount(24);
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByRole('checkbox').nth(0).check();
  await page.getByRole('checkbox').nth(1).check();
  await page.getByRole('button', { name: 'Удалить (2)' }).click();
  await expect(page.getByText('В избранном: 24')).toBeVisible();
  await page.getByRole('link', { name: 'Показать ещё' }).click();
  await expect(page.locator('.my-grid li')).toHaveCount(24);
  await expect(page.getByRole('link', { name: 'Показать ещё' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/my\/favorite$/);
});

test('favourites: a removal that is not answered 204 opens the «Ошибка» dialog', async ({
  page,
  browser,
}) => {
  const { email } = await signedUp(page);
  await addFavourites(page, await movieIds(page, 2));
  await page.goto('/my/favorite');
  await hydrated(page);
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByRole('checkbox').first().check();

  const { second } = await endSessionElsewhere(page, browser, email);
  await catchDialog(page);
  const answer = page.waitForResponse((r) => r.url().includes('/favourites/batch/'));
  await page.getByRole('button', { name: 'Удалить (1)' }).click();
  expect((await answer).status()).toBe(401);
  await expectErrorDialog(page);
  // Nothing was removed.
  const list = await second.request.get('/favourites/');
  expect(((await list.json()) as { count: number }).count).toBe(2);
});

test('history: select a date, select all, removal and clearing end in VIEW', async ({ page }) => {
  const { profileId } = await signedUp(page);
  // «Сегодня» and «Вчера» as of a fixed noon: the browser's clock (page.clock) and the server's
  // (the development `x-dev-clock` header) both stand there, whatever the hour.
  const noon = lastMoscowNoon();
  await page.clock.install({ time: noon });
  await page.setExtraHTTPHeaders({ 'x-dev-clock': String(noon) });
  await watchEpisodes(page.request, profileId, Math.floor(noon / 1000));
  await page.goto('/my/history');
  await hydrated(page);
  // The grouping by date as the server renders it: tests/pages/my-lists.test.ts.
  const headings = page.locator('.my-day h2');

  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByLabel('Выбрать всё за сегодня').check();
  await expect(page.getByRole('button', { name: 'Удалить (2)' })).toBeEnabled();
  await noViolations(page, '/my/history in EDIT');
  await page.getByRole('button', { name: 'Удалить (2)' }).click();
  await expect(page.getByText('В истории: 2')).toBeVisible();
  await expect(headings).toHaveCount(2);
  await expect(headings.nth(0)).toHaveText('Вчера');
  await expect(page.getByRole('checkbox')).toHaveCount(0);

  // Removing the last items returns to VIEW with an empty list.
  await page.getByRole('button', { name: 'Редактировать' }).click();
  await page.getByRole('button', { name: 'Выбрать все' }).click();
  await page.getByRole('button', { name: 'Удалить (2)' }).click();
  await expect(page.getByText('История просмотра пуста', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Редактировать' })).toHaveCount(0);

  // «Очистить историю» empties it in one go.
  await watchEpisodes(page.request, profileId, Math.floor(noon / 1000));
  await page.reload();
  await hydrated(page);
  await expect(page.getByText('В истории: 4')).toBeVisible();
  await page.getByRole('button', { name: 'Очистить историю' }).click();
  await expect(page.getByText('В истории: 0')).toBeVisible();
  await expect(page.locator('.my-row')).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('История просмотра пуста', { exact: false })).toBeVisible();
});

test('the continue-watching frame’s bar on the home page shows the part watched', async ({
  page,
}) => {
  const { profileId } = await signedUp(page);
  await watchEpisodes(page.request, profileId);
  await page.goto('/');
  // What the shelf and its frames say: tests/pages/my-lists.test.ts.
  const card = page.getByRole('region', { name: 'Продолжить просмотр' }).locator('.tile').first();
  // A quarter watched (600 of 2400 s): the bar is a quarter of its track.
  const bar = (await card.locator('.tile__progress > span').boundingBox())!;
  const track = (await card.locator('.tile__progress').boundingBox())!;
  expect(bar.width / track.width).toBeCloseTo(0.25, 1);
});

test('a title taken off «Продолжить просмотр» on /my leaves the list once the server agrees, and stays off', async ({
  page,
}) => {
  const { profileId } = await signedUp(page);
  await watchEpisodes(page.request, profileId);
  await page.goto('/my');
  const items = page.locator('[data-continue] li');
  const before = await items.count();
  expect(before).toBeGreaterThan(0);
  const first = items.first();
  const name = (await first.getAttribute('data-content'))!;
  const removal = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && r.url().includes('/continue-watching/'),
  );
  await first.getByRole('button', { name: /^Убрать «.+» из «Продолжить просмотр»$/ }).click();
  expect((await removal).status()).toBe(204);
  await expect(items).toHaveCount(before - 1);
  await expect(page.locator(`[data-continue] li[data-content="${name}"]`)).toHaveCount(0);
  await page.reload();
  await expect(page.locator(`[data-continue] li[data-content="${name}"]`)).toHaveCount(0);
  if (before === 1) await expect(page.getByText('Здесь появятся фильмы и сериалы')).toBeVisible();
  await noViolations(page, '/my after a removal');
});
