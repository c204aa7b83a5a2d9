import { expect, type Page, test } from '@playwright/test';
import { unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { signInAsDemo } from './support/demo.ts';

// D1 is out of reach for the requests that carry this header (a development-only switch,
// functions/middleware/dev-d1-outage.ts): the rest of the suite shares the server undisturbed.
const OUTAGE = { 'x-dev-d1-outage': 'all' };
/** Section 8 of the spec: what a client says when the service cannot answer. */
const UNAVAILABLE = 'Сервис недоступен. Попробуйте позже';

/** Opens `path` with D1 down and checks the whole answer: status, headers and the screen. */
async function expectUnavailableScreen(page: Page, path: string) {
  await page.setExtraHTTPHeaders(OUTAGE);
  const res = await page.goto(path);
  await page.setExtraHTTPHeaders({});
  expect(res?.status(), path).toBe(503);
  const headers = res!.headers();
  expect(headers['content-type'], path).toContain('text/html');
  expect(headers['cache-control'], path).toBe('no-store');
  expect(headers['retry-after'], path).toBe('30');
  await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(UNAVAILABLE);
  await expect(page).toHaveTitle(/^Сервис недоступен/);
  await expect(page.getByRole('link', { name: 'На главную' }), path).toHaveAttribute('href', '/');
}

test('while D1 is down a guest’s pages answer 503 with «Сервис недоступен», and no cache keeps that answer', async ({
  page,
}) => {
  // A query of this run's own: the edge cache has no copy of these pages yet.
  const run = unique();
  const paths = ['/', '/series', '/watch/1'].map((p) => `${p}?outage=${run}`);
  for (const path of paths) await expectUnavailableScreen(page, path);
  await noViolations(page, 'the unavailable screen');
  // Once D1 is back the same addresses render again: the 503 was never stored in the edge cache.
  for (const path of paths) {
    const res = await page.request.get(path);
    expect(res.status(), path).toBe(200);
    expect(res.headers()['x-edge-cache'], path).not.toBe('HIT');
  }
});

test('while D1 is down a signed-in viewer’s pages answer 503 with «Сервис недоступен» and the viewer stays signed in', async ({
  page,
  baseURL,
}) => {
  await signInAsDemo(page.request, baseURL!);
  for (const path of ['/settings', '/', '/watch/1']) await expectUnavailableScreen(page, path);

  // A viewer back after the access token expired holds only the session cookie: renewing the
  // token needs D1, before any page is rendered. The answer is the same screen, not JSON.
  const context = page.context();
  const cookies = await context.cookies();
  await context.clearCookies({ name: 'token' });
  await expectUnavailableScreen(page, '/settings');
  expect((await context.cookies()).map((c) => c.name).sort()).toEqual(
    cookies
      .filter((c) => c.name !== 'token')
      .map((c) => c.name)
      .sort(),
  );

  const res = await page.goto('/settings');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/settings$/);
});
