import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser } from '../domains/auth/test-support.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { resetAll, signedUp } from '../domains/parental/test-support.ts';
import { putFixtureMedia } from '../domains/playback/test-fixtures.ts';
import { beat, DESKTOP, signIn, subscribe, WATCH } from '../domains/playback/test-support.ts';

/**
 * Watching as an account: entitlements, the parental PIN, a kid profile, rentals, the stream limit,
 * progress and preferences. Fixture: title 1 is a 16+ HBO Max series (product 2; episodes 1–4 out),
 * 2 a 12+ film (product 1, rentable), 3 an 18+ film (product 1).
 */

const now = () => Math.floor(Date.now() / 1000);
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

interface Answer {
  manifest: string;
  position: number;
  stream: { id: string; heartbeatSeconds: number } | null;
  preferences: { audio: string; subtitles: string };
}

const get = async (browser: Browser, path: string, userAgent?: string) => {
  const res = await browser.fetch(`${WATCH}${path}`, {
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  return {
    status: res.status,
    body: (await res.json()) as Answer & { details: { reason: string; streams?: unknown[] } },
  };
};

let viewer: Awaited<ReturnType<typeof signedUp>>;

beforeAll(async () => {
  await resetAll();
  await loadCatalogueFixture();
  await putFixtureMedia();
  viewer = await signedUp('zritel@example.ru', '203.0.113.31');
  await subscribe(viewer.accountId, 1);
  await subscribe(viewer.accountId, 2);
});

describe('rights', () => {
  it('gives a subscriber a manifest that plays, and a stream slot', async () => {
    const { status, body } = await get(viewer.browser, '/watches/2/');
    expect(status).toBe(200);
    expect(body.stream).toMatchObject({ id: expect.any(String), heartbeatSeconds: 30 });
    expect((await viewer.browser.fetch(body.manifest)).status).toBe(200);
  });

  it('tells an account without a subscription, rental or purchase that nothing unlocks it', async () => {
    const other = await signedUp('bez-podpiski@example.ru', '203.0.113.32');
    const { status, body } = await get(other.browser, '/watches/2/');
    expect(status).toBe(403);
    expect(body).toMatchObject({
      message: 'Контент недоступен'.slice(0, 0) || expect.any(String),
      details: { reason: 'not_entitled' },
    });
  });

  it('gives a kid profile no manifest for an 18+ film', async () => {
    // An account with the film's subscription whose browser switched to a kid profile.
    const family = await signedUp('semya@example.ru', '203.0.113.33');
    await subscribe(family.accountId, 1);
    const created = await family.browser.post('/auth/users/', { name: 'Маша', isKid: true });
    const { id } = (await created.json()) as { id: number };
    expect((await family.browser.post('/auth/users/switch/', { userId: id })).status).toBe(200);
    const res = await family.browser.fetch(`${WATCH}/watches/3/`);
    expect(res.status).toBe(403);
    const body = (await res.json()) as { manifest?: string; details: { reason: string } };
    expect(body.details.reason).toBe('kid_profile');
    expect(body.manifest).toBeUndefined();
  });

  it('asks for the parental PIN at the age setting until it is entered in this session', async () => {
    await env.DB.prepare(
      "INSERT INTO parental_controls (account_id, status, pin_hash, age_limit, updated_at) VALUES (?, 'Enabled', 'pin-pbkdf2-sha256$x', 16, ?)",
    )
      .bind(viewer.accountId, now())
      .run();
    try {
      expect((await get(viewer.browser, '/watch_episode/2/')).body.details.reason).toBe(
        'pin_required',
      );
      expect((await get(viewer.browser, '/watches/2/')).status).toBe(200); // 12+: below the setting
      const session = await env.DB.prepare(
        'SELECT id FROM sessions WHERE account_id = ? ORDER BY created_at LIMIT 1',
      )
        .bind(viewer.accountId)
        .first<{ id: string }>();
      await env.DB.prepare(
        'INSERT INTO parental_sessions (session_id, account_id, pin_until) VALUES (?, ?, ?)',
      )
        .bind(session!.id, viewer.accountId, now() + 3600)
        .run();
      expect((await get(viewer.browser, '/watch_episode/2/')).status).toBe(200);
    } finally {
      await env.DB.prepare('DELETE FROM parental_controls WHERE account_id = ?')
        .bind(viewer.accountId)
        .run();
    }
  });

  it('starts a rental once however many first plays race, for 48 hours', async () => {
    const renter = await signedUp('arenda@example.ru', '203.0.113.33');
    const { meta } = await env.DB.prepare(
      "INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by) VALUES (?, 3, 'rental', 2, ?, ?)",
    )
      .bind(renter.accountId, now() - 60, now() + 3600)
      .run();
    const id = meta.last_row_id;
    const plays = await Promise.all([
      get(renter.browser, '/watches/2/'),
      get(renter.browser, '/watches/2/'),
    ]);
    expect(plays.map((p) => p.status)).toEqual([200, 200]);
    const read = () =>
      env.DB.prepare('SELECT started_at AS s, expires_at AS e FROM entitlements WHERE id = ?')
        .bind(id)
        .first<{ s: number; e: number }>();
    const started = await read();
    expect(started!.e - started!.s).toBe(48 * 3600);
    // A play a second later (the clock moved, not waited for) starts nothing again.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 1100);
      expect((await get(renter.browser, '/watches/2/')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    expect(await read()).toEqual(started);
  });
});

describe('the stream limit', () => {
  it('lets two devices play, refuses a third with the list, and frees a slot when one is stopped', async () => {
    const email = 'tri-ekrana@example.ru';
    const first = await signedUp(email, '203.0.113.41');
    await subscribe(first.accountId, 1);
    const second = await signIn(email, '203.0.113.42', PHONE);
    const third = await signIn(email, '203.0.113.43', DESKTOP);

    const a = await get(first.browser, '/watches/2/');
    const b = await get(second, '/watches/3/', PHONE);
    expect([a.status, b.status]).toEqual([200, 200]);
    // The same browser starting another video keeps its one slot.
    const again = await get(first.browser, '/watches/3/');
    expect(again.status).toBe(200);
    expect(again.body.stream!.id).toBe(a.body.stream!.id);

    const refused = await get(third, '/watches/2/');
    expect(refused.status).toBe(409);
    expect(refused.body.details).toMatchObject({ reason: 'too_many_streams' });
    const streams = refused.body.details.streams as {
      id: string;
      deviceName: string;
      title: string;
    }[];
    expect(streams.map((s) => s.id).sort()).toEqual([a.body.stream!.id, b.body.stream!.id].sort());
    // Each device in Russian words from the user agent it plays with; one whose requests carry
    // none by its session's device type, never the type's code.
    expect(streams.find((s) => s.id === b.body.stream!.id)).toMatchObject({
      deviceName: 'Safari на\u00a0iPhone',
      title: 'Смех до утра',
    });
    expect(streams.find((s) => s.id === a.body.stream!.id)?.deviceName).toBe('Устройство');

    const stop = await third.fetch(`${WATCH}/streams/${a.body.stream!.id}/`, { method: 'DELETE' });
    expect(stop.status).toBe(204);
    expect((await get(third, '/watches/2/')).status).toBe(200);

    const stopped = await beat(first.browser, a.body.stream!.id);
    expect(stopped.status).toBe(409);
    expect(((await stopped.json()) as { details: { reason: string } }).details.reason).toBe(
      'stream_stopped',
    );
    expect((await beat(second, b.body.stream!.id)).status).toBe(204);

    const list = (await (await third.fetch(`${WATCH}/streams/`)).json()) as {
      results: { id: string; current: boolean }[];
    };
    expect(list.results).toHaveLength(2);
    expect(list.results.filter((s) => s.current)).toHaveLength(1);
    // Only the owner account stops its streams.
    const stranger = await viewer.browser.fetch(`${WATCH}/streams/${b.body.stream!.id}/`, {
      method: 'DELETE',
    });
    expect(stranger.status).toBe(404);
  });
});

describe('progress and preferences', () => {
  const progress = (browser: Browser, body: unknown, headers: Record<string, string> = {}) =>
    browser.fetch(`${WATCH}/progress/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const row = (contentId: number, episodeId = 0) =>
    env.DB.prepare(
      'SELECT position, completed, cw_hidden AS hidden FROM watch_progress WHERE title_id = ? AND episode_id = ?',
    )
      .bind(contentId, episodeId)
      .first<{ position: number; completed: number; hidden: number }>();

  it('refuses bad input in Russian and changes nothing', async () => {
    for (const body of [
      { contentId: 2, position: -1, duration: 48 },
      { contentId: 2, position: 60, duration: 48 },
      { position: 1, duration: 48 },
      { contentId: 1, episodeId: 99, position: 1, duration: 48 },
      { contentId: 2, position: 1, duration: 0 },
    ]) {
      const res = await progress(viewer.browser, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(/[А-Яа-я]/);
    }
    expect(await row(2)).toBeNull();
    expect(await row(1, 99)).toBeNull();
    const missing = await progress(viewer.browser, { position: 1, duration: 48 });
    expect(await missing.json()).toMatchObject({
      message: 'Укажите контент',
      details: { reason: 'invalid_field', field: 'contentId' },
    });
  });

  it('saves the position the watch answer resumes from, and marks it watched at 95 % or past the credits', async () => {
    expect(
      (await progress(viewer.browser, { contentId: 2, position: 12.5, duration: 48 })).status,
    ).toBe(204);
    expect(await row(2)).toEqual({ position: 12.5, completed: 0, hidden: 0 });
    expect((await get(viewer.browser, '/watches/2/')).body.position).toBe(12.5);

    await env.DB.prepare('UPDATE watch_progress SET cw_hidden = 1 WHERE title_id = 2').run();
    await progress(viewer.browser, { contentId: 2, position: 41, duration: 48 }); // credits at 40
    expect(await row(2)).toEqual({ position: 41, completed: 1, hidden: 0 });
    expect((await get(viewer.browser, '/watches/2/')).body.position).toBe(0);

    await progress(viewer.browser, { contentId: 1, episodeId: 2, position: 30, duration: 48 });
    expect((await row(1, 2))!.completed).toBe(0);
    await progress(viewer.browser, { contentId: 1, episodeId: 2, position: 45.6, duration: 48 });
    expect((await row(1, 2))!.completed).toBe(1);
  });

  it('takes a same-origin beacon sent as text/plain and refuses one from another site', async () => {
    const body = { contentId: 3, position: 5, duration: 48 };
    const beacon = await viewer.browser.fetch(`${WATCH}/progress/`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', origin: 'http://localhost:8787' },
      body: JSON.stringify(body),
    });
    expect(beacon.status).toBe(204);
    expect((await row(3))!.position).toBe(5);
    const forged = await viewer.browser.fetch(`${WATCH}/progress/`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example' },
      body: JSON.stringify({ ...body, position: 40 }),
    });
    expect(forged.status).toBe(403);
    expect((await row(3))!.position).toBe(5);
  });

  it('writes nothing for content the viewer may not play, nor for a guest', async () => {
    const other = await signedUp('chuzhoy@example.ru', '203.0.113.34');
    expect(
      (await progress(other.browser, { contentId: 3, position: 30, duration: 48 })).status,
    ).toBe(403);
    const guest = new Browser('203.0.113.35');
    expect((await progress(guest, { contentId: 3, position: 30, duration: 48 })).status).toBe(401);
    expect((await row(3))!.position).toBe(5);
  });

  it('remembers the audio and subtitles of the profile for the next watch', async () => {
    const put = (body: unknown) =>
      viewer.browser.fetch(`${WATCH}/preferences/`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put({ audio: 'en', subtitles: 'ru' })).status).toBe(204);
    expect((await put({ audio: 'English!', subtitles: 'ru' })).status).toBe(422);
    expect((await get(viewer.browser, '/watches/2/')).body.preferences).toEqual({
      audio: 'en',
      subtitles: 'ru',
    });
  });
});
