import { expect, type Page, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';
import { signInAsDemo } from './support/demo.ts';

/**
 * A kid profile opening a page to buy, give or manage the account's money gets the forbidden
 * screen (docs/product.md, «Money»): status 403, why, and the way to an adult profile, which sees
 * the page again. Route by route statuses are route-status.spec.ts's.
 */

test.use({ viewport: { width: 320, height: 800 } });

/** Three kinds of money page: choosing what to pay for, giving a gift, managing subscriptions. */
const PAGES = [
  { path: '/payment?id=1', adultHeading: /^Оплата: / },
  { path: '/gifts', adultHeading: 'Подарить подписку' },
  { path: '/subscription', adultHeading: 'Подписки' },
];

/** The page's island has hydrated (client:idle): its buttons do something. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('a kid profile is refused the money pages with a way to switch, and the adult profile of the same account sees them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page.request, baseURL!, { kid: true });

  for (const { path } of PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Нет доступа');
    await expect(main).toContainText(
      /Покупки, подписки и\sподарки доступны только во\sвзрослом профиле/,
    );
    await expect(main.getByRole('link', { name: 'Сменить профиль' })).toHaveAttribute(
      'href',
      '/settings/profiles',
    );
    // Nothing of the page it stands for: no form to pay, give or change anything.
    await expect(main.locator('form')).toHaveCount(0);
    await noViolations(page, `${path} as a kid profile at 320 px`);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      path,
    ).toBeLessThanOrEqual(320);
  }

  // The switch link leads to the profiles, where the adult profile is one click away.
  await page.getByRole('link', { name: 'Сменить профиль' }).click();
  await page.waitForURL((url) => url.pathname === '/settings/profiles');
  await hydrated(page);
  await page.getByRole('button', { name: /^Переключиться на\sпрофиль «Анна»$/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForLoadState('load');

  for (const { path, adultHeading } of PAGES) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
    await expect(page.locator('main').getByRole('heading', { level: 1 })).toHaveText(adultHeading);
  }
});

test('a kid profile’s settings lead only where it may go: no subscriptions, payments or parental control', async ({
  page,
  baseURL,
}) => {
  const refusedToKid = [
    '/subscription',
    '/settings/payments',
    '/payment-history',
    '/settings/parental',
  ];
  const linksOf = async () =>
    page
      .locator('main a')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

  await signInAsDemo(page.request, baseURL!, { kid: true });
  await page.goto('/settings');
  const menu = page.getByRole('navigation', { name: 'Настройки' });
  await expect(menu.getByRole('link', { name: 'Покупки' })).toBeVisible();
  for (const name of ['Подписки', 'Платежи', 'Родительский контроль'])
    await expect(menu.getByRole('link', { name })).toHaveCount(0);
  const kidLinks = await linksOf();
  expect(kidLinks).toContain('/settings/purchase');
  for (const path of refusedToKid) expect(kidLinks).not.toContain(path);

  await signInAsDemo(page.request, baseURL!);
  await page.goto('/settings');
  for (const name of ['Подписки', 'Платежи', 'Родительский контроль'])
    await expect(menu.getByRole('link', { name })).toBeVisible();
  const adultLinks = await linksOf();
  for (const path of refusedToKid) expect(adultLinks).toContain(path);
});
