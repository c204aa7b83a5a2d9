import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';

/**
 * The viewer's lists over HTTP. In the catalogue fixture: series 1 (16+, episodes 1–3 in season 1,
 * 4 in season 2, 5 not out yet), films 2 (12+) and 3 (18+), kids title 4 (0+, CIS only), 7 a
 * Paramount+ film (CIS only, 6+).
 */
const messages = recordMessages();
const now = Math.floor(Date.now() / 1000);

interface Viewer {
  browser: Browser;
  profileId: number;
}

async function member(email = 'anna@mail.ru', ip = '203.0.113.20'): Promise<Viewer> {
  const browser = new Browser(ip);
  const { userId } = await signUp(browser, messages, email);
  return { browser, profileId: userId };
}

/** A kid profile of the viewer's account, switched to in its browser. */
async function kidOf(v: Viewer): Promise<Viewer> {
  const created = await v.browser.post('/auth/users/', { name: 'Миша', isKid: true });
  const { id } = (await created.json()) as { id: number };
  const switched = await v.browser.post('/auth/users/switch/', { userId: id });
  expect(switched.status).toBe(200);
  return { browser: v.browser, profileId: id };
}

/** A progress row as playback writes it (episode 0: a film played whole). */
async function watched(
  profileId: number,
  titleId: number,
  episodeId: number,
  ago: number,
  { position = 30, duration = 100, completed = 0, hidden = 0 } = {},
) {
  await env.DB.prepare(
    `INSERT INTO watch_progress (id, profile_id, title_id, episode_id, position, duration, completed, cw_hidden, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      crypto.randomUUID(),
      profileId,
      titleId,
      episodeId,
      position,
      duration,
      completed,
      hidden,
      now - ago,
    )
    .run();
}

const get = async <T = any>(v: Viewer | Browser, path: string, country = 'RU') => {
  const b = v instanceof Browser ? v : v.browser;
  const res = await b.fetch(path, { headers: { 'cf-ipcountry': country } });
  return { status: res.status, body: (await res.json()) as T, res };
};
const send = (v: Viewer, method: string, path: string, body?: unknown) =>
  v.browser.fetch(path, {
    method,
    headers: { 'content-type': 'application/json', 'cf-ipcountry': 'RU' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(loadCatalogueFixture);
beforeEach(async () => {
  await resetAccounts();
  messages.clear();
});

describe('every list route', () => {
  it.each([
    ['GET', '/cms/content_experience/history/'],
    ['DELETE', '/cms/content_experience/history/?episodeId=1'],
    ['DELETE', '/cms/content_experience/history/clear/'],
    ['GET', '/continue-watching'],
    ['DELETE', '/continue-watching/1'],
    ['DELETE', '/continue-watching/?contentId=2'],
    ['GET', '/favourites/'],
    ['GET', '/favourites/2'],
    ['POST', '/favourites/2'],
    ['DELETE', '/favourites/batch/?id=2'],
    ['GET', '/likes/2'],
    ['PUT', '/likes/2'],
    ['DELETE', '/likes/2'],
  ])('answers a guest %s %s with the 401 envelope', async (method, path) => {
    const res = await new Browser().fetch(path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: method === 'PUT' ? '{"value":1}' : undefined,
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      message: expect.any(String),
      details: { reason: 'unauthorized' },
    });
  });

  it('is never stored by a cache', async () => {
    const anna = await member();
    for (const path of ['/cms/content_experience/history/', '/favourites/', '/continue-watching'])
      expect((await get(anna, path)).res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /cms/content_experience/history/', () => {
  it('pages the history newest first, with the episode, the title card and a watch link', async () => {
    const anna = await member();
    await watched(anna.profileId, 1, 1, 500, { completed: 1, position: 99 });
    await watched(anna.profileId, 1, 2, 400);
    await watched(anna.profileId, 2, 0, 300);
    await watched(anna.profileId, 1, 4, 200);
    await watched(anna.profileId, 4, 0, 100);

    const first = await get(anna, '/cms/content_experience/history/?page_size=2');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(5);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/[?&]page=2\b/);
    expect(first.body.results.map((r: any) => r.content.id)).toEqual([4, 1]);
    expect(first.body.results[0]).toMatchObject({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: new Date((now - 100) * 1000).toISOString(),
      episode: null,
      content: { id: 4, type: 'kids', name: 'Лисёнок', slug: 'lisenok', ageRating: '0+' },
      position: 30,
      duration: 100,
      completed: false,
      url: '/watch/4',
    });
    expect(first.body.results[1]).toMatchObject({
      episode: { id: 4, season: 2, number: 1, name: 'Возвращение' },
      url: '/watch/1?season=2&episode=1&play=1',
    });

    const next = new URL(first.body.next);
    const second = await get(anna, next.pathname + next.search);
    expect(second.body.results.map((r: any) => r.episode?.id ?? 0)).toEqual([0, 2]);
    const last = await get(anna, '/cms/content_experience/history/?page=3&page_size=2');
    expect(last.body.results).toMatchObject([{ episode: { id: 1 }, completed: true }]);
    expect(last.body.next).toBeNull();
  });

  it("shows each profile only its own history, and removing from one leaves the other's", async () => {
    const anna = await member();
    const oleg = await member('oleg@mail.ru', '203.0.113.21');
    await watched(anna.profileId, 1, 1, 100);
    await watched(oleg.profileId, 1, 1, 100);
    await watched(oleg.profileId, 2, 0, 50);
    expect((await get(anna, '/cms/content_experience/history/')).body.count).toBe(1);

    expect(
      (await send(anna, 'DELETE', '/cms/content_experience/history/?episodeId=1')).status,
    ).toBe(204);
    expect((await send(anna, 'DELETE', '/cms/content_experience/history/clear/')).status).toBe(204);
    expect((await get(anna, '/cms/content_experience/history/')).body.count).toBe(0);
    expect((await get(oleg, '/cms/content_experience/history/')).body.count).toBe(2);
  });

  it('never shows a kid profile an 18+ title, nor a viewer outside the CIS a CIS-only one', async () => {
    const anna = await member();
    await watched(anna.profileId, 3, 0, 100);
    await watched(anna.profileId, 4, 0, 90);
    await watched(anna.profileId, 7, 0, 80);
    const ids = async (v: Viewer, country = 'RU') =>
      (await get(v, '/cms/content_experience/history/', country)).body.results.map(
        (r: any) => r.content.id,
      );
    expect(await ids(anna)).toEqual([7, 4, 3]);
    expect(await ids(anna, 'DE')).toEqual([3]);
    expect((await get(anna, '/cms/content_experience/history/', 'DE')).body.count).toBe(1);

    const kid = await kidOf(anna);
    await watched(kid.profileId, 3, 0, 100);
    await watched(kid.profileId, 4, 0, 90);
    expect(await ids(kid)).toEqual([4]);
    expect((await get(kid, '/cms/content_experience/history/')).body.count).toBe(1);
  });
});

describe('DELETE /cms/content_experience/history/', () => {
  it('removes one episode by episodeId, a film (or a whole series) by contentId, with 204 and no body', async () => {
    const anna = await member();
    await watched(anna.profileId, 1, 1, 300);
    await watched(anna.profileId, 1, 2, 200);
    await watched(anna.profileId, 2, 0, 100);
    const byEpisode = await send(anna, 'DELETE', '/cms/content_experience/history/?episodeId=2');
    expect(byEpisode.status).toBe(204);
    expect(await byEpisode.text()).toBe('');
    const left = async () =>
      (await get(anna, '/cms/content_experience/history/')).body.results.map(
        (r: any) => `${r.content.id}:${r.episode?.id ?? 0}`,
      );
    expect(await left()).toEqual(['2:0', '1:1']);
    expect(
      (await send(anna, 'DELETE', '/cms/content_experience/history/?contentId=2')).status,
    ).toBe(204);
    expect(await left()).toEqual(['1:1']);
    // Again: nothing left to remove is still done.
    expect(
      (await send(anna, 'DELETE', '/cms/content_experience/history/?contentId=2')).status,
    ).toBe(204);
    expect(
      (await send(anna, 'DELETE', '/cms/content_experience/history/?contentId=1')).status,
    ).toBe(204);
    expect(await left()).toEqual([]);
  });

  it('removes one row by its id, even when its episode is gone, leaving the rest of the series', async () => {
    const anna = await member();
    await watched(anna.profileId, 1, 1, 300);
    // An episode since taken out of the catalogue: the item has no episode to remove it by.
    await watched(anna.profileId, 1, 999, 200);
    await watched(anna.profileId, 2, 0, 100);
    const items = async () => (await get(anna, '/cms/content_experience/history/')).body.results;
    const orphan = (await items()).find((r: any) => r.content.id === 1 && r.episode === null);
    expect(orphan).toBeDefined();
    const res = await send(anna, 'DELETE', `/cms/content_experience/history/?id=${orphan.id}`);
    expect(res.status).toBe(204);
    expect((await items()).map((r: any) => `${r.content.id}:${r.episode?.id ?? 0}`)).toEqual([
      '2:0',
      '1:1',
    ]);
    // Another profile's row is not removed by its id.
    const boris = await member('boris@mail.ru', '203.0.113.21');
    const [film] = await items();
    expect(
      (await send(boris, 'DELETE', `/cms/content_experience/history/?id=${film.id}`)).status,
    ).toBe(204);
    expect(await items()).toHaveLength(2);
  });

  it('refuses a request without exactly one of episodeId and contentId, in Russian, removing nothing', async () => {
    const anna = await member();
    await watched(anna.profileId, 2, 0, 100);
    for (const query of [
      '',
      '?episodeId=abc',
      '?episodeId=1&contentId=2',
      '?contentId=-2',
      '?id=1;DROP',
      `?id=${crypto.randomUUID()}&contentId=2`,
    ]) {
      const res = await send(anna, 'DELETE', `/cms/content_experience/history/${query}`);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as any;
      expect(body.details.reason).toBe('invalid_query');
      expect(body.message).toMatch(/[а-я]/);
    }
    expect((await get(anna, '/cms/content_experience/history/')).body.count).toBe(1);
  });

  it('clears the whole history with 204', async () => {
    const anna = await member();
    await watched(anna.profileId, 1, 1, 100);
    await watched(anna.profileId, 2, 0, 50);
    const res = await send(anna, 'DELETE', '/cms/content_experience/history/clear/');
    expect(res.status).toBe(204);
    expect((await get(anna, '/cms/content_experience/history/')).body).toMatchObject({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
  });
});

describe('GET /continue-watching', () => {
  it('has one item per title, newest first: the unfinished episode or film, or the next episode after a finished one', async () => {
    const anna = await member();
    await watched(anna.profileId, 1, 1, 500, { completed: 1 });
    await watched(anna.profileId, 1, 3, 50, { completed: 1 });
    await watched(anna.profileId, 2, 0, 100, { position: 42, duration: 7080 });
    await watched(anna.profileId, 3, 0, 200, { completed: 1 });
    const { status, body } = await get(anna, '/continue-watching');
    expect(status).toBe(200);
    expect(body.results).toEqual([
      {
        episodeId: 4,
        episode: { id: 4, season: 2, number: 1, name: 'Возвращение' },
        content: expect.objectContaining({ id: 1, name: 'Тихий город' }),
        position: 0,
        duration: 50 * 60,
        date: new Date((now - 50) * 1000).toISOString(),
        url: '/watch/1?season=2&episode=1&play=1',
      },
      expect.objectContaining({
        episodeId: 0,
        episode: null,
        content: expect.objectContaining({ id: 2 }),
        position: 42,
        duration: 7080,
        url: '/watch/2',
      }),
    ]);
  });

  it('leaves out a series finished up to its last released episode', async () => {
    const anna = await member();
    // Episode 5 is not out yet: after episode 4 there is nothing to continue.
    await watched(anna.profileId, 1, 4, 50, { completed: 1 });
    expect((await get(anna, '/continue-watching')).body.results).toEqual([]);
  });

  it('takes a title off the shelf with 204 and keeps it in the history; watching again brings it back', async () => {
    const anna = await member();
    await watched(anna.profileId, 1, 2, 300);
    await watched(anna.profileId, 2, 0, 100);
    const hideSeries = await send(anna, 'DELETE', '/continue-watching/2');
    expect(hideSeries.status).toBe(204);
    expect(await hideSeries.text()).toBe('');
    const hideFilm = await send(anna, 'DELETE', '/continue-watching/?contentId=2');
    expect(hideFilm.status).toBe(204);
    expect((await get(anna, '/continue-watching')).body.results).toEqual([]);
    expect((await get(anna, '/cms/content_experience/history/')).body.count).toBe(2);

    await watched(anna.profileId, 1, 3, 10);
    expect(
      (await get(anna, '/continue-watching')).body.results.map((r: any) => r.episodeId),
    ).toEqual([3]);
    expect((await send(anna, 'DELETE', '/continue-watching/abc')).status).toBe(422);
    expect((await send(anna, 'DELETE', '/continue-watching/')).status).toBe(422);
  });

  it('takes the token from the query when there is no cookie', async () => {
    const anna = await member();
    await watched(anna.profileId, 2, 0, 100);
    const token = anna.browser.cookies.get('token')!;
    const res = await new Browser().fetch(`/continue-watching?token=${token}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).results).toHaveLength(1);
  });

  it('shows a kid profile only what it may see', async () => {
    const kid = await kidOf(await member());
    await watched(kid.profileId, 3, 0, 100);
    await watched(kid.profileId, 4, 0, 50);
    expect(
      (await get(kid, '/continue-watching')).body.results.map((r: any) => r.content.id),
    ).toEqual([4]);
  });
});

describe('favourites', () => {
  it('adds idempotently (204), answers the status, and lists the last added first with paging', async () => {
    const anna = await member();
    for (const id of [2, 1, 4]) {
      const res = await send(anna, 'POST', `/favourites/${id}`);
      expect(res.status).toBe(204);
      await env.DB.prepare('UPDATE favourites SET added_at = added_at - ? WHERE title_id = ?')
        .bind(10 - id, id)
        .run();
    }
    expect((await send(anna, 'POST', '/favourites/2')).status).toBe(204);
    expect((await get(anna, '/favourites/2')).body).toEqual({ id: 2, status: true });
    expect((await get(anna, '/favourites/3')).body).toEqual({ id: 3, status: false });

    const first = await get(anna, '/favourites/?page_size=2');
    expect(first.body.count).toBe(3);
    expect(first.body.results.map((r: any) => r.id)).toEqual([4, 2]);
    expect(first.body.results[0]).toMatchObject({
      id: 4,
      name: 'Лисёнок',
      ageRating: '0+',
      url: '/watch/4',
      addedAt: expect.any(String),
    });
    expect(first.body.next).toMatch(/page=2/);
    const next = new URL(first.body.next);
    expect(
      (await get(anna, next.pathname + next.search)).body.results.map((r: any) => r.id),
    ).toEqual([1]);
  });

  it('refuses unknown and unreleased titles (404) and what the viewer may not see (403)', async () => {
    const anna = await member();
    expect((await send(anna, 'POST', '/favourites/999')).status).toBe(404);
    expect((await send(anna, 'POST', '/favourites/6')).status).toBe(404);
    expect((await get(anna, '/favourites/999')).status).toBe(404);
    expect((await send(anna, 'POST', '/favourites/abc')).status).toBe(422);
    const kid = await kidOf(anna);
    const refused = await send(kid, 'POST', '/favourites/3');
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as any).details.reason).toBe('kid_profile');
    expect((await get(kid, '/favourites/3')).status).toBe(403);
  });

  it('removes a batch with exactly 204 and skips ids that are not there', async () => {
    const anna = await member();
    for (const id of [1, 2, 4]) await send(anna, 'POST', `/favourites/${id}`);
    const res = await send(anna, 'DELETE', '/favourites/batch/?id=1,4,999');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect((await get(anna, '/favourites/')).body.results.map((r: any) => r.id)).toEqual([2]);
  });

  it.each([100, 150])(
    'removes %i favourites at once (one bound list, not one parameter per id)',
    async (n) => {
      const anna = await member();
      for (const id of [1, 2, 4]) await send(anna, 'POST', `/favourites/${id}`);
      // The ids the viewer holds among others she selected; those not there are skipped.
      const ids = [1, 4, ...Array.from({ length: n - 2 }, (_, i) => 1000 + i)].join(',');
      const res = await send(anna, 'DELETE', `/favourites/batch/?id=${ids}`);
      expect(res.status).toBe(204);
      expect((await get(anna, '/favourites/')).body.results.map((r: any) => r.id)).toEqual([2]);
    },
  );

  it('refuses a bad id list with 422 in Russian and removes nothing', async () => {
    const anna = await member();
    for (const id of [1, 2]) await send(anna, 'POST', `/favourites/${id}`);
    const many = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    for (const query of ['', '?id=', '?id=1,abc', '?id=1,,2', '?id=0', '?id=-1', `?id=${many}`]) {
      const res = await send(anna, 'DELETE', `/favourites/batch/${query}`);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as any;
      expect(body.details.reason).toBe('invalid_query');
      expect(body.message, query).toMatch(/^[А-Я][а-я]/);
    }
    expect((await get(anna, '/favourites/')).body.count).toBe(2);
  });

  it('takes parallel batch removals of the same items without a failure', async () => {
    const anna = await member();
    for (const id of [1, 2, 4]) await send(anna, 'POST', `/favourites/${id}`);
    const answers = await Promise.all(
      ['1,2', '2,4', '1,2,4', '4'].map((ids) =>
        send(anna, 'DELETE', `/favourites/batch/?id=${ids}`),
      ),
    );
    expect(answers.map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect((await get(anna, '/favourites/')).body.count).toBe(0);
  });

  it("keeps each profile's favourites apart, and a kid profile sees none of its 18+ titles", async () => {
    const anna = await member();
    const oleg = await member('oleg@mail.ru', '203.0.113.21');
    await send(anna, 'POST', '/favourites/2');
    await send(anna, 'POST', '/favourites/7');
    await send(oleg, 'POST', '/favourites/1');
    expect((await send(oleg, 'DELETE', '/favourites/batch/?id=2,7')).status).toBe(204);
    expect((await get(anna, '/favourites/')).body.count).toBe(2);
    expect((await get(oleg, '/favourites/')).body.results.map((r: any) => r.id)).toEqual([1]);
    // Paramount+ is for the CIS only: outside it the list (and its count) leaves it out.
    expect((await get(anna, '/favourites/', 'DE')).body).toMatchObject({
      count: 1,
      results: [{ id: 2 }],
    });

    const kid = await kidOf(anna);
    // An 18+ title that reached the kid profile's list anyhow (an older rating) stays hidden.
    await env.DB.prepare(
      'INSERT INTO favourites (profile_id, title_id, added_at) VALUES (?, 3, ?), (?, 4, ?)',
    )
      .bind(kid.profileId, now, kid.profileId, now - 1)
      .run();
    const list = await get(kid, '/favourites/');
    expect(list.body.count).toBe(1);
    expect(list.body.results.map((r: any) => r.id)).toEqual([4]);
  });
});

describe('votes under /likes/', () => {
  it('puts a like or a dislike, answers the status, and takes it back', async () => {
    const anna = await member();
    expect((await get(anna, '/likes/2')).body).toEqual({ id: 2, status: 0 });
    expect((await send(anna, 'PUT', '/likes/2', { value: 1 })).status).toBe(204);
    expect((await get(anna, '/likes/2')).body).toEqual({ id: 2, status: 1 });
    expect((await send(anna, 'PUT', '/likes/2', { value: -1 })).status).toBe(204);
    expect((await get(anna, '/likes/2')).body).toEqual({ id: 2, status: -1 });
    const oleg = await member('oleg@mail.ru', '203.0.113.21');
    expect((await get(oleg, '/likes/2')).body).toEqual({ id: 2, status: 0 });
    expect((await send(anna, 'DELETE', '/likes/2')).status).toBe(204);
    expect((await get(anna, '/likes/2')).body).toEqual({ id: 2, status: 0 });
  });

  it('refuses a wrong value in Russian, unknown titles and what a kid profile may not see', async () => {
    const anna = await member();
    for (const body of [{ value: 2 }, { value: 0 }, {}, { value: '1' }]) {
      const res = await send(anna, 'PUT', '/likes/2', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as any).message).toMatch(/[а-я]/);
    }
    expect((await get(anna, '/likes/2')).body.status).toBe(0);
    expect((await send(anna, 'PUT', '/likes/999', { value: 1 })).status).toBe(404);
    const kid = await kidOf(anna);
    expect((await send(kid, 'PUT', '/likes/3', { value: 1 })).status).toBe(403);
    expect((await get(kid, '/likes/3')).status).toBe(403);
  });
});
