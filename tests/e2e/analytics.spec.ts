import { expect, type Request, test } from '@playwright/test';
import { signInByEmail } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';

// The staff sign-in from an address of its own: it spends no other test's allowance per address.
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '203.0.113.173' } });

/** The page view's payload the beacon sent. */
const payloadOf = (request: Request) =>
  JSON.parse(new URL(request.url()).searchParams.get('payload') ?? '{}') as {
    viewId: string;
    action: string;
    meta: { pageType: string };
  };

/** Asks the development API until the beacon's event is stored (the beacon does not wait). */
async function stored(request: import('@playwright/test').APIRequestContext, viewId: string) {
  let rows: Record<string, unknown>[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/api/stat-events/?view=${viewId}`);
        rows = ((await res.json()) as { results: Record<string, unknown>[] }).results;
        return rows.length;
      },
      { timeout: 10_000 },
    )
    .toBe(1);
  return rows[0]!;
}

test('a page view in a real browser reaches the store with its page type and utm source', async ({
  page,
}) => {
  const source = `e2e-${Date.now()}`;
  const beacon = page.waitForRequest((r) => r.url().includes('/v2/event?payload='));
  await page.goto(`/advantages?utm_source=${source}&utm_medium=cpc`);
  const sent = payloadOf(await beacon);
  expect(sent).toMatchObject({ action: 'page_view', meta: { pageType: 'advantages' } });
  expect(await stored(page.request, sent.viewId)).toMatchObject({
    action: 'page_view',
    pageType: 'advantages',
    urlPath: '/advantages',
    utmSource: source,
    accountId: '',
  });

  // The home page is «home»: each page decides its own type.
  const home = page.waitForRequest((r) => r.url().includes('/v2/event?payload='));
  await page.goto('/');
  expect(payloadOf(await home).meta.pageType).toBe('home');
});

// That staff get the report (four figures, charts, a table, the totals of a range) and others a
// 404: tests/pages/analytics.test.ts.
test('the staff report passes axe and reads on a phone: charts scroll in their card, from the keyboard too, the page does not; its form narrows the range', async ({
  page,
}) => {
  // A sign-in through the screens and two axe runs: over 30 s on a busy two-core machine.
  test.setTimeout(60_000);
  await signInByEmail(page, 'staff@demo.amediateka.example', 'smotrim-demo');
  // The page views this journey made (/auth, the home page after sign-in) fill the charts.
  await page.goto('/staff/stats');
  await noViolations(page, '/staff/stats');

  // On a phone the charts keep labels that can be read and scroll sideways in their card, from
  // the keyboard too; the page itself does not.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  const label = page.getByRole('figure', { name: 'Открытия страниц по типам' }).locator('svg text');
  expect((await label.first().boundingBox())!.height).toBeGreaterThanOrEqual(10);
  const scroller = page.getByRole('region', { name: 'Диаграмма: открытия страниц по типам' });
  await scroller.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await noViolations(page, '/staff/stats at 320 px');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A narrower range through the form.
  await page.getByLabel('С', { exact: true }).fill('2026-01-01');
  await page.getByLabel('По', { exact: true }).fill('2026-01-07');
  await page.getByRole('button', { name: 'Показать' }).click();
  await expect(page).toHaveURL(/from=2026-01-01&to=2026-01-07/);
});
