import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { meterSnapshot } from '../db/d1-meter.ts';
import type { Browser } from '../domains/auth/test-support.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { resetAll, signedUp } from '../domains/parental/test-support.ts';
import { putFixtureMedia } from '../domains/playback/test-fixtures.ts';
import { beat, DESKTOP, play, signIn, subscribe, WATCH } from '../domains/playback/test-support.ts';

/**
 * Progress and heartbeats kept in the account's Durable Object (docs/decisions.md, «Progress
 * lives in the account's Durable Object»): a heartbeat reads no D1; a position reaches D1 at once
 * when it completes the thing, else at most once a minute, by the object's alarm when the device
 * goes silent; the lists and the watch answer show the newest position all the same. Fixture:
 * title 1 is a series (product 2), 2 a 12+ film of 48 s with its credits at 40 s (product 1).
 */

const json = async <T>(res: Response) => (await res.json()) as T;

/** A subscriber to both products, signed in on one browser (a second on demand). */
async function subscriber(email: string, ip: number) {
  const { accountId, browser } = await signedUp(email, `203.0.113.${ip}`);
  await subscribe(accountId, 1);
  await subscribe(accountId, 2);
  return { accountId, a: browser, email };
}

type Answer = { position: number; stream: { id: string } };
const send = async (browser: Browser, body: Record<string, number>) => {
  const res = await browser.fetch(`${WATCH}/progress/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ duration: 48, ...body }),
  });
  expect(res.status, await res.clone().text()).toBe(204);
};

/** What D1 holds of the account's progress in a film or an episode (null: no row yet). */
const inD1 = async (accountId: number, titleId: number, episodeId = 0) =>
  env.DB.prepare(
    `SELECT p.position, p.completed FROM watch_progress p JOIN profiles u ON u.id = p.profile_id
     WHERE u.account_id = ? AND p.title_id = ? AND p.episode_id = ?`,
  )
    .bind(accountId, titleId, episodeId)
    .first<{ position: number; completed: number }>();

const continuePosition = async (browser: Browser, titleId: number) => {
  const res = await browser.fetch('/continue-watching');
  const items = (await json<{ results: { content: { id: number }; position: number }[] }>(res))
    .results;
  return items.find((i) => i.content.id === titleId)?.position;
};
const historyPosition = async (browser: Browser, titleId: number) => {
  const res = await browser.fetch(`${WATCH}/history/`);
  const items = (await json<{ results: { content: { id: number }; position: number }[] }>(res))
    .results;
  return items.find((i) => i.content.id === titleId)?.position;
};

const objectOf = (accountId: number) => {
  const ns = env.STREAMS as unknown as DurableObjectNamespace;
  return ns.get(ns.idFromName(`account:${accountId}`));
};

/** The test clock: Date moves only when told (the object and the worker share it). */
let clock = 0;
const startClock = () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  clock = Date.now();
  vi.setSystemTime(clock);
};
const tick = (seconds: number) => {
  clock += seconds * 1000;
  vi.setSystemTime(clock);
};

beforeAll(async () => {
  await resetAll();
  await loadCatalogueFixture();
  await putFixtureMedia();
});
afterEach(() => {
  vi.useRealTimers();
});

/** D1 round trips this isolate has made so far (the development meter). */
const d1RoundTrips = () => meterSnapshot().roundTrips;

describe('a heartbeat', () => {
  it('reads no D1: the account’s object alone keeps the stream', async () => {
    const { a } = await subscriber('puls-bez-bazy@example.ru', 11);
    const { stream } = await play<Answer>(a, '/watches/2/');
    const before = d1RoundTrips();
    for (let i = 0; i < 3; i++) expect((await beat(a, stream.id)).status).toBe(204);
    expect(d1RoundTrips() - before).toBe(0);
    // The meter is on: the watch call itself is counted.
    await play<Answer>(a, '/watches/2/');
    expect(d1RoundTrips()).toBeGreaterThan(before);
  });

  it('of a session its object never saw is checked in D1 once, then no more', async () => {
    const { accountId, a } = await subscriber('staryj-potok@example.ru', 15);
    const { stream } = await play<Answer>(a, '/watches/2/');
    // As a stream claimed before objects kept sessions: the object does not know this one.
    await runInDurableObject(objectOf(accountId), (_, state) => {
      state.storage.sql.exec('DELETE FROM sessions');
    });
    const first = d1RoundTrips();
    expect((await beat(a, stream.id)).status).toBe(204);
    expect(d1RoundTrips() - first).toBe(1);
    const second = d1RoundTrips();
    expect((await beat(a, stream.id)).status).toBe(204);
    expect(d1RoundTrips() - second).toBe(0);

    // Revoked in D1 behind the object's back, the one D1 check says so.
    await runInDurableObject(objectOf(accountId), (_, state) => {
      state.storage.sql.exec('DELETE FROM sessions');
    });
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch() WHERE account_id = ?')
      .bind(accountId)
      .run();
    const ended = await beat(a, stream.id);
    expect(ended.status).toBe(401);
    expect((await json<{ details: { reason: string } }>(ended)).details.reason).toBe(
      'session_ended',
    );
  });

  it('answers session_ended once every other session was signed out, and frees their slots', async () => {
    const { accountId, a, email } = await subscriber('vse-vyshli@example.ru', 13);
    const b = await signIn(email, '203.0.113.14');
    const theirs = (await play<Answer>(b, '/watches/2/')).stream.id;
    await send(b, { contentId: 2, position: 5 });
    await send(b, { contentId: 2, position: 9 });
    expect((await inD1(accountId, 2))!.position).toBe(5);
    const res = await a.post('/auth/sessions/revoke-others');
    expect(res.status).toBe(200);
    const ended = await beat(b, theirs);
    expect(ended.status).toBe(401);
    expect((await json<{ details: { reason: string } }>(ended)).details.reason).toBe(
      'session_ended',
    );
    const listed = await json<{ results: unknown[] }>(await a.fetch(`${WATCH}/streams/`));
    expect(listed.results).toEqual([]);
    // The stopped stream's position went to D1 with the stop.
    expect((await inD1(accountId, 2))!.position).toBe(9);
  });
});

describe('signing in again', () => {
  it('on the same browser keeps its video playing under the new session; the old one is ended', async () => {
    const { a, email } = await subscriber('snova-voshla@example.ru', 17);
    const { stream } = await play<Answer>(a, '/watches/2/');
    const again = await a.fetch('/auth/email/sign_in/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': DESKTOP },
      body: JSON.stringify({ email, password: 'correct horse 1' }),
    });
    expect(again.status).toBe(200);
    expect((await beat(a, stream.id)).status).toBe(204);
    const listed = await json<{ results: { id: string; current: boolean }[] }>(
      await a.fetch(`${WATCH}/streams/`),
    );
    expect(listed.results.map((s) => [s.id, s.current])).toEqual([[stream.id, true]]);
  });
});

describe('progress', () => {
  it('shows a position sent seconds ago everywhere before D1 has it, and D1 gets it on the alarm', async () => {
    const { accountId, a } = await subscriber('svezhaya-poziciya@example.ru', 21);
    startClock();
    await play<Answer>(a, '/watches/2/');
    await send(a, { contentId: 2, position: 10 });
    expect(await inD1(accountId, 2)).toEqual({ position: 10, completed: 0 });
    tick(10);
    await send(a, { contentId: 2, position: 20 });
    expect((await inD1(accountId, 2))!.position).toBe(10);
    expect(await continuePosition(a, 2)).toBe(20);
    expect(await historyPosition(a, 2)).toBe(20);
    expect((await play<Answer>(a, '/watches/2/')).position).toBe(20);

    // The device goes silent: the alarm writes what it sent last once its minute is up.
    tick(30);
    await runDurableObjectAlarm(objectOf(accountId));
    expect((await inD1(accountId, 2))!.position).toBe(10);
    tick(30);
    expect(await runDurableObjectAlarm(objectOf(accountId))).toBe(true);
    expect((await inD1(accountId, 2))!.position).toBe(20);
  });

  it('goes to D1 at once when it completes the film', async () => {
    const { accountId, a } = await subscriber('dosmotrel@example.ru', 23);
    startClock();
    await send(a, { contentId: 2, position: 10 });
    tick(10);
    await send(a, { contentId: 2, position: 41 }); // past the credits at 40
    expect(await inD1(accountId, 2)).toEqual({ position: 41, completed: 1 });
    // The credits rolling on are positions like any other: D1 hears of them within the minute.
    const writes = meterSnapshot().writes;
    for (const position of [43, 45, 47]) {
      tick(10);
      await send(a, { contentId: 2, position });
    }
    expect(meterSnapshot().writes).toBe(writes);
    expect(await inD1(accountId, 2)).toEqual({ position: 41, completed: 1 });
    tick(30);
    await send(a, { contentId: 2, position: 48 });
    expect(await inD1(accountId, 2)).toEqual({ position: 48, completed: 1 });
  });

  it('is written to D1 at most once a minute while it plays, never more than a minute behind', async () => {
    const { accountId, a } = await subscriber('raz-v-minutu@example.ru', 25);
    startClock();
    await play<Answer>(a, '/watch_episode/1/');
    const seen: number[] = [];
    for (let t = 0; t <= 180; t += 10) {
      await send(a, { contentId: 1, episodeId: 1, position: t / 10, duration: 480 });
      const written = (await inD1(accountId, 1, 1))!.position;
      expect(t / 10 - written, `at ${t} s`).toBeLessThanOrEqual(6);
      if (seen.at(-1) !== written) seen.push(written);
      tick(10);
    }
    // Writes at 0, 60, 120 and 180 seconds: 4 in three minutes of positions every 10 s (19).
    expect(seen).toEqual([0, 6, 12, 18]);
  });

  it('keeps the newest of two devices', async () => {
    const { accountId, a, email } = await subscriber('dva-ekrana@example.ru', 27);
    const b = await signIn(email, '203.0.113.28');
    startClock();
    await send(a, { contentId: 2, position: 30 });
    tick(10);
    await send(b, { contentId: 2, position: 12 });
    expect((await inD1(accountId, 2))!.position).toBe(30);
    expect(await continuePosition(a, 2)).toBe(12);
    tick(10);
    await send(a, { contentId: 2, position: 31 });
    expect(await continuePosition(b, 2)).toBe(31);
    tick(60);
    await runDurableObjectAlarm(objectOf(accountId));
    expect((await inD1(accountId, 2))!.position).toBe(31);
  });

  it('never brings back a row the viewer deleted or hid while its last position waited', async () => {
    const { accountId, a } = await subscriber('udalil@example.ru', 31);
    startClock();
    await send(a, { contentId: 2, position: 10 });
    await send(a, { contentId: 1, episodeId: 1, position: 10 });
    tick(10);
    await send(a, { contentId: 2, position: 20 });
    await send(a, { contentId: 1, episodeId: 1, position: 20 });
    expect((await a.fetch(`${WATCH}/history/?contentId=2`, { method: 'DELETE' })).status).toBe(204);
    expect((await a.fetch('/continue-watching/?contentId=1', { method: 'DELETE' })).status).toBe(
      204,
    );
    tick(60);
    await runDurableObjectAlarm(objectOf(accountId));
    expect(await inD1(accountId, 2)).toBeNull();
    expect(await continuePosition(a, 1)).toBeUndefined();
    expect(await historyPosition(a, 2)).toBeUndefined();
  });

  it('survives the object being stopped mid-stream, and reaches D1 within the minute', async () => {
    const { accountId, a } = await subscriber('perezapusk@example.ru', 29);
    startClock();
    const { stream } = await play<Answer>(a, '/watches/2/');
    await send(a, { contentId: 2, position: 10 });
    tick(10);
    await send(a, { contentId: 2, position: 20 });
    tick(10);
    await send(a, { contentId: 2, position: 30 });
    expect((await inD1(accountId, 2))!.position).toBe(10);
    await abortAllDurableObjects();
    expect(await continuePosition(a, 2)).toBe(30);
    expect((await beat(a, stream.id)).status).toBe(204);
    tick(40);
    await runDurableObjectAlarm(objectOf(accountId));
    expect((await inD1(accountId, 2))!.position).toBe(30);
  });
});
