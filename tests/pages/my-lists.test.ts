import { env } from 'cloudflare:workers';
import { afterEach, expect, it, vi } from 'vitest';
import { headings, link, region, Tab } from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

const unique = () => crypto.randomUUID().slice(0, 8);

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The latest noon in Moscow at or before now: «today» and «yesterday» of the lists hold whatever
 * the hour the test runs at, and nothing written for that moment lies in the future.
 */
function lastMoscowNoon(): number {
  const now = Date.now();
  const day = 86_400_000;
  const msk = 3 * 3_600_000;
  let noon = Math.floor((now + msk) / day) * day - msk + 12 * 3_600_000;
  if (noon > now) noon -= day;
  return noon;
}

/** A new viewer; its profile id is the one its progress rows are written for. */
async function signedUp(): Promise<{ visitor: Visitor; profileId: number }> {
  const visitor = new Visitor();
  const { userId } = await visitor.signUp(`lists-${unique()}@example.ru`);
  return { visitor, profileId: userId };
}

/** Movies a signed-in adult may see and add, from the catalogue API. */
async function movieIds(visitor: Visitor, n: number): Promise<number[]> {
  const res = await visitor.fetch(`/cms/content/movies/?page_size=${n}&age=16`);
  return ((await res.json()) as { results: { id: number }[] }).results.map((r) => r.id);
}

/** Adds favourites through the API as the page would. */
async function addFavourites(visitor: Visitor, ids: number[]) {
  for (const id of ids)
    expect((await visitor.fetch(`/favourites/${id}`, { method: 'POST' })).status).toBe(204);
}

/**
 * Progress rows as playback writes them, for series episodes a signed-in adult may see: two
 * at `at` (a minute and two before), one a day before, one more than a year before.
 */
async function watchEpisodes(profileId: number, at = Math.floor(Date.now() / 1000)) {
  await env.DB.prepare(
    `INSERT INTO watch_progress (id, profile_id, title_id, episode_id, position, duration, completed, updated_at)
      WITH eps AS (
        SELECT e.id, e.title_id, row_number() OVER (ORDER BY e.id) AS n FROM episodes e
        JOIN titles t ON t.id = e.title_id
        WHERE t.type = 'series' AND t.age_rating <= 16 AND t.partner != 'paramount-plus'
          AND t.released_at <= unixepoch() AND e.released_at <= unixepoch())
      SELECT lower(hex(randomblob(16))), ?1, title_id, id, 600, 2400, 0,
        ?2 - CASE n WHEN 1 THEN 60 WHEN 2 THEN 120 WHEN 3 THEN 86400 ELSE 400 * 86400 END
      FROM eps WHERE n <= 4`,
  )
    .bind(profileId, at)
    .run();
}

it('a guest is sent to sign in and comes back to the list', async () => {
  const guest = new Visitor();
  for (const path of ['/my', '/my/favorite', '/my/history']) {
    const page = await guest.open(path);
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe(`/auth?backPath=${encodeURIComponent(path)}`);
  }
});

it('a favourite shows in /my/favorite and on /my', async () => {
  const { visitor } = await signedUp();
  const [id] = await movieIds(visitor, 1);
  await addFavourites(visitor, [id!]);
  let { document } = await visitor.open('/my/favorite');
  expect(words(document.querySelector('main'))).toContain('В избранном: 1');
  expect(document.querySelectorAll(`.my-grid a[href="/watch/${id}"]`).length).toBe(1);
  ({ document } = await visitor.open('/my'));
  expect(link(document, 'Смотреть все (1)')).toBeDefined();
});

it('a guest on a title page gets a link to sign in instead of the favourite button', async () => {
  const guest = new Visitor();
  const movies = await guest.open('/movies');
  const href = movies.document.querySelector('.title-grid a')!.getAttribute('href')!;
  const { document } = await guest.open(href);
  expect(link(document, 'В избранное')?.getAttribute('href')).toBe(
    `/auth?backPath=${encodeURIComponent(href)}`,
  );
});

it('history: grouped by date, each row playing its episode', async () => {
  const noon = lastMoscowNoon();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(noon);
  const { visitor, profileId } = await signedUp();
  await watchEpisodes(profileId, Math.floor(noon / 1000));
  const { document } = await visitor.open('/my/history');
  const days = textsOf(document, '.my-day h2');
  expect(days).toHaveLength(3);
  expect(days.slice(0, 2)).toEqual(['Сегодня', 'Вчера']);
  expect(days[2]).toMatch(/^\d{1,2} [а-я]+ \d{4}$/);
  expect(document.querySelector('.my-row')?.getAttribute('href')).toMatch(
    /^\/watch\/\d+\?season=\d+&episode=\d+&play=1$/,
  );
});

it('without JavaScript the lists still show, with a crawlable next-page link', async () => {
  const noon = lastMoscowNoon();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(noon);
  const { visitor, profileId } = await signedUp();
  await addFavourites(visitor, await movieIds(visitor, 26));
  await watchEpisodes(profileId, Math.floor(noon / 1000));
  const tab = new Tab(visitor);
  await tab.goto('/my/favorite');
  expect(textsOf(tab.page.document, '.my-grid li')).toHaveLength(24);
  const more = link(tab.page.document, 'Показать ещё');
  expect(more?.getAttribute('href')).toBe('/my/favorite?page=2');
  await tab.follow(more);
  expect(textsOf(tab.page.document, '.my-grid li')).toHaveLength(2);
  await tab.goto('/my/history');
  expect(textsOf(tab.page.document, '.my-day h2')[0]).toBe('Сегодня');
  await tab.goto('/my');
  expect(headings(tab.page.document, 'Продолжить просмотр').map((h) => words(h))).toHaveLength(1);
  expect(link(tab.page.document, 'Смотреть все (26)')?.getAttribute('href')).toBe('/my/favorite');
});

it('the home page shows a signed-in viewer what to continue, and the guests’ copy has no such shelf', async () => {
  const { visitor, profileId } = await signedUp();
  await watchEpisodes(profileId);
  const { document } = await visitor.open('/');
  const shelf = region(document, 'Продолжить просмотр')!;
  // A quarter watched (600 of 2400 s): the frame says what is left, its bar how much is watched.
  const tile = shelf.querySelector('.tile')!;
  expect(words(tile.querySelector('.tile__meta'))).toMatch(
    /^Сезон \d+, серия \d+ · осталось 30 мин$/,
  );
  expect(tile.querySelector('.tile__progress > span')?.getAttribute('style')).toBe('width: 25%');
  // Its link plays the episode: one query string, asking to play.
  expect(tile.querySelector('a')?.getAttribute('href')).toMatch(
    /^\/watch\/\d+\?season=\d+&episode=\d+&play=1$/,
  );
  expect(region(document, 'Сейчас смотрят')).toBeDefined();
  const guest = await new Visitor().open('/');
  expect(guest.html).not.toContain('Продолжить просмотр');
});
