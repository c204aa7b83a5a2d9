import { expect, it } from 'vitest';
import { Visitor, words } from './support/visitor.ts';

// D1 is out of reach for the requests that carry this header (a development-only switch,
// functions/middleware/dev-d1-outage.ts): the rest of the tests share the database undisturbed.
const OUTAGE = { 'x-dev-d1-outage': 'all' };
/** Section 8 of the spec: what a client says when the service cannot answer. */
const UNAVAILABLE = 'Сервис недоступен. Попробуйте позже';

/** Opens `path` with D1 down and checks the whole answer: status, headers and the screen. */
async function expectUnavailableScreen(visitor: Visitor, path: string) {
  const page = await visitor.open(path, { headers: OUTAGE });
  expect(page.status, path).toBe(503);
  expect(page.headers.get('content-type'), path).toContain('text/html');
  expect(page.headers.get('cache-control'), path).toBe('no-store');
  expect(page.headers.get('retry-after'), path).toBe('30');
  expect(
    [...page.document.querySelectorAll('h1')].map((h) => words(h)),
    path,
  ).toEqual([UNAVAILABLE]);
  expect(words(page.document.querySelector('title')), path).toMatch(/^Сервис недоступен/);
  const home = [...page.document.querySelectorAll('a')].filter((a) =>
    words(a).includes('На главную'),
  );
  expect(
    home.map((a) => a.getAttribute('href')),
    path,
  ).toEqual(['/']);
}

it('while D1 is down a guest’s pages answer 503 with «Сервис недоступен», and no cache keeps that answer', async () => {
  const guest = new Visitor();
  // A query of this run's own: the edge cache has no copy of these pages yet.
  const run = crypto.randomUUID().slice(0, 8);
  const paths = ['/', '/series', '/watch/1'].map((p) => `${p}?outage=${run}`);
  for (const path of paths) await expectUnavailableScreen(guest, path);
  // Once D1 is back the same addresses render again: the 503 was never stored in the edge cache.
  for (const path of paths) {
    const res = await guest.fetch(path);
    await res.body?.cancel();
    expect(res.status, path).toBe(200);
    expect(res.headers.get('x-edge-cache'), path).not.toBe('HIT');
  }
});

it('while D1 is down a signed-in viewer’s pages answer 503 with «Сервис недоступен» and the viewer stays signed in', async () => {
  const viewer = await new Visitor().signInAsDemo('subscriber');
  for (const path of ['/settings', '/', '/watch/1']) await expectUnavailableScreen(viewer, path);

  // A viewer back after the access token expired holds only the session cookie: renewing the
  // token needs D1, before any page is rendered. The answer is the same screen, not JSON.
  const cookies = [...viewer.cookies.keys()];
  viewer.cookies.delete('token');
  await expectUnavailableScreen(viewer, '/settings');
  expect([...viewer.cookies.keys()].sort()).toEqual(cookies.filter((c) => c !== 'token').sort());

  const page = await viewer.open('/settings');
  // Rendered at its own address, not redirected to sign in.
  expect(page.status).toBe(200);
});
