import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../domains/auth/test-support.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { resetAll, signedUp } from '../domains/parental/test-support.ts';
import { putFixtureMedia } from '../domains/playback/test-fixtures.ts';
import { beat, DESKTOP, play, signIn, subscribe, WATCH } from '../domains/playback/test-support.ts';
import { callWithVars } from '../test-helpers.ts';

/**
 * What the server enforces of the stream limit without the player's help, and what a signed-in
 * browser may still do once its session is over. Fixture: title 1 is a series (product 2;
 * episode 5 not out yet), 2 a 12+ film (product 1, rentable), 3 an 18+ film, 6 not released yet.
 */

const now = () => Math.floor(Date.now() / 1000);
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface Answer {
  manifest: string;
  expiresAt: string;
  stream: { id: string } | null;
}
type Refusal = { message: string; details: { reason: string; field?: string; streams?: unknown } };

const json = async <T>(res: Response) => (await res.json()) as T;
const watch = (browser: Browser, path: string) => browser.fetch(`${WATCH}${path}`);
const streams = async (browser: Browser) =>
  (await json<{ results: { id: string; current: boolean }[] }>(await watch(browser, '/streams/')))
    .results;
const progress = (browser: Browser, body: unknown) =>
  browser.fetch(`${WATCH}/progress/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** An account with a subscription to everything, signed in on three browsers. */
async function household(email: string, ip: number) {
  const first = await signedUp(email, `203.0.113.${ip}`);
  await subscribe(first.accountId, 1);
  await subscribe(first.accountId, 2);
  const second = await signIn(email, `203.0.113.${ip + 1}`, PHONE);
  const third = await signIn(email, `203.0.113.${ip + 2}`, DESKTOP);
  return { accountId: first.accountId, a: first.browser, b: second, c: third };
}

/** Moves a stream's last heartbeat into the past, as a laptop that went to sleep. */
async function lapse(accountId: number, streamId: string, seconds: number) {
  const ns = env.STREAMS as unknown as DurableObjectNamespace;
  await runInDurableObject(ns.get(ns.idFromName(`account:${accountId}`)), (_, state) => {
    state.storage.sql.exec(
      'UPDATE streams SET last_seen_at = last_seen_at - ? WHERE id = ?',
      seconds,
      streamId,
    );
  });
}

const sibling = (manifest: string, file: string) => manifest.replace(/master\.m3u8$/, file);

beforeAll(async () => {
  await resetAll();
  await loadCatalogueFixture();
  await putFixtureMedia();
  const start = Math.floor(Date.now() / 1000);
  await env.DB.batch([
    env.DB.prepare('DELETE FROM tv_channels'),
    env.DB.prepare(
      "INSERT INTO tv_channels (id, slug, name, description, position, age_rating, free) VALUES (1, 'pervyj', 'Первый', '', 1, 0, 1)",
    ),
    env.DB.prepare(
      `INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name) VALUES (1, ${start - 600}, ${start + 3600}, 'Новости')`,
    ),
  ]);
});

describe('a media token bound to its stream', () => {
  it('stops serving playlists once another device stops the stream; segments keep the token', async () => {
    const { a, b } = await household('svyazan@example.ru', 51);
    const film = await play<Answer>(a, '/watches/2/');
    const channel = await play<Answer>(a, '/watches/channels/pervyj/');
    expect(channel.stream!.id).toBe(film.stream!.id);
    const segment = sibling(film.manifest, 'v240/seg-00000.m4s');
    expect((await a.fetch(film.manifest)).status).toBe(200);
    expect((await a.fetch(sibling(channel.manifest, 'v240/index.m3u8'))).status).toBe(200);

    expect(
      (await b.fetch(`${WATCH}/streams/${film.stream!.id}/`, { method: 'DELETE' })).status,
    ).toBe(204);
    for (const url of [
      film.manifest,
      sibling(film.manifest, 'v240/index.m3u8'),
      channel.manifest,
      sibling(channel.manifest, 'v240/index.m3u8'),
    ]) {
      const res = await a.fetch(url);
      expect(res.status, url).toBe(403);
      expect((await json<Refusal>(res)).details.reason).toBe('stream_stopped');
    }
    // The trade-off: a segment is not checked against the stream (docs/decisions.md).
    expect((await a.fetch(segment)).status).toBe(200);
  });

  it('refuses the playlists of a stream that lapsed while two others took the slots', async () => {
    const { accountId, a, b, c } = await household('zasnul@example.ru', 55);
    const sleeping = await play<Answer>(a, '/watches/2/');
    await lapse(accountId, sleeping.stream!.id, 120);
    expect((await a.fetch(sibling(sleeping.manifest, 'v240/index.m3u8'))).status).toBe(200);
    await play<Answer>(b, '/watches/3/');
    await play<Answer>(c, '/watches/3/');
    const res = await a.fetch(sibling(sleeping.manifest, 'v240/index.m3u8'));
    expect(res.status).toBe(403);
    expect((await json<Refusal>(res)).details.reason).toBe('stream_stopped');
  });
});

describe('heartbeats', () => {
  it('answer a lapsed stream facing two others with the streams that hold the slots', async () => {
    const { accountId, a, b, c } = await household('bez-slota@example.ru', 61);
    const sleeping = await play<Answer>(a, '/watches/2/');
    await lapse(accountId, sleeping.stream!.id, 120);
    const others = [
      (await play<Answer>(b, '/watches/3/')).stream!.id,
      (await play<Answer>(c, '/watches/2/')).stream!.id,
    ];
    const res = await beat(a, sleeping.stream!.id);
    expect(res.status).toBe(409);
    const body = await json<Refusal>(res);
    expect(body.details.reason).toBe('too_many_streams');
    const listed = body.details.streams as { id: string; deviceName: string; title: string }[];
    expect(listed.map((s) => s.id).sort()).toEqual(others.sort());
    expect(listed[0]).toMatchObject({
      deviceName: expect.any(String),
      title: expect.any(String),
      startedAt: expect.any(String),
      lastSeenAt: expect.any(String),
    });
  });

  it('never start a stream for an unknown id nor keep another device’s stream alive', async () => {
    const { accountId, a, b } = await household('chuzhoy-puls@example.ru', 65);
    const unknown = crypto.randomUUID();
    const res = await beat(a, unknown);
    expect(res.status).toBe(409);
    expect((await json<Refusal>(res)).details.reason).toBe('stream_stopped');
    expect(await streams(a)).toEqual([]);

    const theirs = (await play<Answer>(a, '/watches/2/')).stream!.id;
    await lapse(accountId, theirs, 120);
    const foreign = await beat(b, theirs);
    expect(foreign.status).toBe(409);
    expect(await streams(b)).toEqual([]);
  });

  it('count the stream of the session’s device, whatever its device cookie says now', async () => {
    const { a } = await household('novaya-kuka@example.ru', 69);
    const first = (await play<Answer>(a, '/watches/2/')).stream!.id;
    a.cookies.set('device_id', crypto.randomUUID());
    expect((await streams(a)).map((s) => [s.id, s.current])).toEqual([[first, true]]);
    expect((await beat(a, first)).status).toBe(204);
    expect((await play<Answer>(a, '/watches/3/')).stream!.id).toBe(first);
  });
});

describe('a session that was ended on another device', () => {
  it('can no longer play, hold a slot, stop streams or write progress and preferences', async () => {
    const { accountId, a, b } = await household('vyshel@example.ru', 71);
    const held = (await play<Answer>(a, '/watches/2/')).stream!.id;
    const ownB = (await play<Answer>(b, '/watches/3/')).stream!.id;
    const { id } = (await env.DB.prepare(
      'SELECT id FROM sessions WHERE account_id = ? AND device_id = ?',
    )
      .bind(accountId, a.cookies.get('device_id'))
      .first<{ id: string }>())!;
    expect((await b.fetch(`/auth/sessions/${id}/`, { method: 'DELETE' })).status).toBe(200);
    // The ended browser keeps its access token for a while: each call must look at the session.
    a.cookies.delete('session');

    const calls: [string, Promise<Response>][] = [
      ['watch', watch(a, '/watches/2/')],
      ['episode', watch(a, '/watch_episode/1/')],
      ['channel', watch(a, '/watches/channels/pervyj/')],
      ['heartbeat', beat(a, held)],
      ['streams', watch(a, '/streams/')],
      ['stop', a.fetch(`${WATCH}/streams/${ownB}/`, { method: 'DELETE' })],
      ['progress', progress(a, { contentId: 2, position: 10, duration: 48 })],
      [
        'preferences',
        a.fetch(`${WATCH}/preferences/`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ audio: 'en', subtitles: 'off' }),
        }),
      ],
    ];
    for (const [name, pending] of calls) {
      const res = await pending;
      expect(res.status, name).toBe(401);
      expect((await json<Refusal>(res)).details.reason, name).toBe('session_ended');
    }
    // A's stream ended with its session, freeing the slot at once; B's was not stopped.
    expect((await streams(b)).map((s) => s.id)).toEqual([ownB]);
    const written = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM watch_progress p JOIN profiles u ON u.id = p.profile_id WHERE u.account_id = ?',
    )
      .bind(accountId)
      .first<{ n: number }>();
    expect(written!.n).toBe(0);
  });
});

describe('a rental and the signed URL', () => {
  it('starts neither the rental nor a stream when the URL cannot be signed', async () => {
    const renter = await signedUp('arenda-bez-klyucha@example.ru', '203.0.113.75');
    const { meta } = await env.DB.prepare(
      "INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by) VALUES (?, 3, 'rental', 2, ?, ?)",
    )
      .bind(renter.accountId, now() - 60, now() + 3600)
      .run();
    const res = await callWithVars({ MEDIA_SIGNING_KEY: '' }, `${WATCH}/watches/2/`, {
      headers: { cookie: renter.browser.header(), 'cf-connecting-ip': '203.0.113.75' },
    });
    expect(res.status).toBe(503);
    expect((await json<Refusal>(res)).details.reason).toBe('media_unsigned');
    const rental = await env.DB.prepare('SELECT started_at AS s FROM entitlements WHERE id = ?')
      .bind(meta.last_row_id)
      .first<{ s: number | null }>();
    expect(rental!.s).toBeNull();
    expect(await streams(renter.browser)).toEqual([]);
  });

  it('signs media no longer than the subscription that unlocks them lasts', async () => {
    const viewer = await signedUp('konchaetsya@example.ru', '203.0.113.76');
    const ends = now() + 600;
    await subscribe(viewer.accountId, 1, ends);
    const answer = await play<Answer>(viewer.browser, '/watches/2/');
    expect(Date.parse(answer.expiresAt) / 1000).toBe(ends);
    const payload = atob(
      answer.manifest.split('/')[3]!.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/'),
    );
    expect(payload).toContain(`:${ends}`);
  });
});

describe('progress', () => {
  let viewer: Awaited<ReturnType<typeof signedUp>>;
  beforeAll(async () => {
    viewer = await signedUp('progress-review@example.ru', '203.0.113.80');
    await subscribe(viewer.accountId, 1);
    await subscribe(viewer.accountId, 2);
  });

  it('says which field is wrong when the episode is missing or not of this series', async () => {
    for (const body of [
      { contentId: 1, position: 1, duration: 48 },
      { contentId: 1, episodeId: 99, position: 1, duration: 48 },
    ]) {
      const res = await progress(viewer.browser, body);
      expect(res.status).toBe(422);
      const refusal = await json<Refusal>(res);
      expect(refusal.details).toMatchObject({ reason: 'invalid_field', field: 'episodeId' });
      expect(refusal.message).toMatch(/^(Укажите серию|Такой серии у этого сериала нет)$/);
    }
  });

  it('is not saved for an episode or a film that is not out yet', async () => {
    const episode = await progress(viewer.browser, {
      contentId: 1,
      episodeId: 5,
      position: 1,
      duration: 48,
    });
    expect(episode.status).toBe(404);
    expect((await json<Refusal>(episode)).details.reason).toBe('episode_not_found');
    const film = await progress(viewer.browser, { contentId: 6, position: 1, duration: 48 });
    expect(film.status).toBe(404);
    expect((await json<Refusal>(film)).details.reason).toBe('content_not_found');
    const rows = await env.DB.prepare(
      'SELECT COUNT(*) AS n FROM watch_progress WHERE title_id IN (1, 6)',
    ).first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});
