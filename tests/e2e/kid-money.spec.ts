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
  // What the account may watch stays open to the kid, without the way to manage it.
  await page.goto('/settings/purchase');
  await expect(page.getByRole('heading', { level: 2, name: 'Подписки' })).toBeVisible();
  for (const path of refusedToKid) expect(await linksOf()).not.toContain(path);

  await signInAsDemo(page.request, baseURL!);
  await page.goto('/settings');
  for (const name of ['Подписки', 'Платежи', 'Родительский контроль'])
    await expect(menu.getByRole('link', { name })).toBeVisible();
  const adultLinks = await linksOf();
  for (const path of refusedToKid) expect(adultLinks).toContain(path);
  await page.goto('/settings/purchase');
  expect(await linksOf()).toContain('/subscription');
});

test('a kid profile on a paid film’s page is offered no price and no paywall, only the way to an adult profile, and so is the player’s refusal', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAsDemo(page.request, baseURL!, { kid: true });
  // A film for a kid that only a rental or a purchase unlocks: the demo subscriber has every
  // subscription, so the one its kid profile is still refused.
  const listed = await page.request.get('/cms/products/rent-hd/content/?page_size=60');
  const { results } = (await listed.json()) as { results: { id: number; type: string }[] };
  let film: number | undefined;
  for (const { id } of results.filter((t) => t.type === 'movie')) {
    const access = await (await page.request.get(`/billing/visitor/access/${id}/`)).json();
    if (!access.allowed) {
      expect(access).toMatchObject({ reason: 'not_entitled', may_pay: false, paywall: null });
      film = id;
      break;
    }
  }
  if (!film) throw new Error('the seed has no kid film the demo subscriber has not bought');

  await page.goto(`/watch/${film}`);
  const unlock = page.locator('[data-title-unlock]');
  await expect(unlock).toContainText(
    /Покупки, подписки и\sподарки доступны только во\sвзрослом профиле/,
  );
  await expect(unlock.getByRole('link', { name: 'Сменить профиль' })).toHaveAttribute(
    'href',
    '/settings/profiles',
  );
  // No price, no way to a paywall, which would refuse it.
  await expect(unlock).not.toContainText('₽');
  await expect(page.locator('main a[href^="/paywall"]')).toHaveCount(0);
  await noViolations(page, `a paid film’s page as a kid profile`);

  // «Смотреть» plays in place and meets the player's refusal, which leads to the profiles too.
  await hydrated(page);
  await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Контент недоступен' });
  await expect(dialog).toContainText(
    /Покупки, подписки и\sподарки доступны только во\sвзрослом профиле/,
  );
  await expect(dialog.getByRole('link', { name: 'Сменить профиль' })).toHaveAttribute(
    'href',
    '/settings/profiles',
  );
  await expect(dialog.getByRole('link', { name: 'Оформить подписку' })).toHaveCount(0);
  await noViolations(page, `the player’s refusal as a kid profile`);
  await page.waitForLoadState('load');
});
