import { expect, test } from '@playwright/test';
import { unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';

// D1 is out of reach for the requests that carry this header (a development-only switch,
// functions/middleware/dev-d1-outage.ts): the rest of the suite shares the server undisturbed.
// The screen's status, headers, texts and that no cache keeps it: tests/pages/outage-pages.test.ts.
const OUTAGE = { 'x-dev-d1-outage': 'all' };

test('the unavailable screen a guest gets while D1 is down has no accessibility violations', async ({
  page,
}) => {
  // A query of this run's own: the edge cache has no copy of the page yet.
  await page.setExtraHTTPHeaders(OUTAGE);
  const res = await page.goto(`/watch/1?outage=${unique()}`);
  await page.setExtraHTTPHeaders({});
  expect(res?.status()).toBe(503);
  await noViolations(page, 'the unavailable screen');
});
