import { expect, type Page, test } from '@playwright/test';

/**
 * The storefront's scripts: the try button's flow and the event manager's reports. What the pages
 * render (unlocks, paywalls, periods, variants) is in tests/pages/storefront.test.ts.
 */

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.72' } });

test('the try button on the partner channel stores its billing data and lands on /advantages', async ({
  page,
}) => {
  await page.goto('/hbo-max');
  await page.locator('header').getByRole('link', { name: 'Попробовать' }).click();
  await expect(page).toHaveURL(/\/advantages$/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('onboarding'))).toBe('true');
  const stored = await page.evaluate(() => ({
    flow: JSON.parse(sessionStorage.getItem('tryBtnFlow') ?? 'null'),
    onboarding: sessionStorage.getItem('onboarding'),
    billingUrl: sessionStorage.getItem('billingUrl'),
  }));
  expect(stored.onboarding).toBe('true');
  expect(stored.billingUrl).toBe('/billing/tariffs/?buy_type=SVOD&ids=2');
  expect(stored.flow.billingProduct).toMatchObject({ slug: 'hbo-max', paywall_slug: 'hbo-max' });
  expect(stored.flow.paywall).toMatchObject({ slug: 'hbo-max' });
  expect(stored.flow.billingProduct.id).toBe(2);
  // /advantages offers the product the visitor came for.
  await expect(page.locator('[data-try-paywall]')).toHaveAttribute('href', '/paywall/hbo-max');
  await expect(page.locator('[data-try-partner]')).toContainText('HBO Max');
});

/** The next report of `eventType` to the event manager. */
const eventSent = (page: Page, eventType: string) =>
  page.waitForRequest(
    (r) =>
      r.url().includes('/api/event-manager/v8/events/') &&
      r.postDataJSON()?.eventType === eventType,
  );

test('a paywall tells the event manager it was opened, and «Закрыть» follows the answer to the poll', async ({
  page,
}) => {
  const opened = eventSent(page, 'opened_paywall');
  await page.goto('/paywall/default?backPath=%2Fseries');
  expect((await opened).postDataJSON()).toMatchObject({ paywallSlug: 'default' });
  await page.getByRole('link', { name: 'Закрыть' }).click();
  // The seed's rule: a visitor without a subscription who closes a promo paywall is asked why.
  await expect(page).toHaveURL(/\/poll\/why-not-subscribing\?poll_slug=why-not-subscribing$/);
});

test('/advantages tells the event manager a paywall was opened', async ({ page }) => {
  const opened = eventSent(page, 'opened_paywall');
  await page.goto('/advantages');
  expect((await opened).postDataJSON()).toMatchObject({ paywallSlug: 'default' });
});
