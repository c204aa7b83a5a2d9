import { expect, type Page, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';
import { signInAsDemo } from './support/demo.ts';

/**
 * A kid profile opening a page to buy, give or manage the account's money gets the forbidden
 * screen (docs/product.md, «Money»), which works on a phone, and the way to an adult profile, which
 * sees the page again. The screen's status, texts and links, the kid's settings and a paid film's
 * page are tests/pages/kid-money.test.ts's; route by route statuses tests/pages/route-status.test.ts's.
 */

test.use({ viewport: { width: 320, height: 800 } });

/** Three kinds of money page: choosing what to pay for, giving a gift, managing subscriptions. */
const PAGES = [
  { path: '/payment?id=1', adultHeading: 'Оформление подписки' },
  { path: '/gifts', adultHeading: 'Подарить подписку' },
  { path: '/subscription', adultHeading: 'Подписки' },
];

/** The page's island has hydrated (client:idle): its buttons do something. */
const hydrated = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('a kid profile’s refusal of the money pages passes axe at 320 px without scrolling sideways, and after switching in the browser the adult profile of the same account sees them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAsDemo(page.request, baseURL!, { kid: true });

  for (const { path } of PAGES) {
    await page.goto(path);
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

test('a kid profile on a paid film’s page and at the player’s refusal meets no accessibility violations, and the player’s refusal leads only to an adult profile', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await signInAsDemo(page.request, baseURL!, { kid: true });
  // A film for a kid that only a rental or a purchase unlocks: the demo subscriber has every
  // subscription, so the one its kid profile is still refused (what the page offers instead:
  // tests/pages/kid-money.test.ts).
  const listed = await page.request.get('/cms/products/rent-hd/content/?page_size=60');
  const { results } = (await listed.json()) as { results: { id: number; type: string }[] };
  let film: number | undefined;
  for (const { id } of results.filter((t) => t.type === 'movie')) {
    const access = await (await page.request.get(`/billing/visitor/access/${id}/`)).json();
    if (!access.allowed) {
      film = id;
      break;
    }
  }
  if (!film) throw new Error('the seed has no kid film the demo subscriber has not bought');

  await page.goto(`/watch/${film}`);
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
