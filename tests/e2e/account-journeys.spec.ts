import { expect, type Page, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { latestCode } from './support/outbox.ts';

const uniquePhone = () => `+7999${String(Date.now()).slice(-7)}`;

const accountMenu = (page: Page) => page.locator('.account-menu');

test.describe('accounts in a real browser', () => {
  test('the sign-up island returns to the entry point’s section', async ({ page }) => {
    await page.goto('/settings/auth');
    await page.locator('.auth').getByRole('link', { name: 'Создать аккаунт' }).click();
    await signUpByEmail(page, `new-${unique()}@example.ru`, 'надёжный-пароль-1', page.url());
    await expect(page).toHaveURL(/\/settings$/);
  });

  test('sign in by phone with the SMS code from the outbox', async ({ page }) => {
    const phone = uniquePhone();
    await page.goto('/series');
    await page.getByRole('link', { name: 'Войти', exact: true }).click();
    await page.locator('.auth').getByRole('link', { name: 'Войти по номеру телефона' }).click();
    const form = page.locator('.auth');
    await form.getByLabel('Номер телефона').fill(phone);
    const since = new Date();
    await form.getByRole('button', { name: 'Получить код' }).click();
    await form
      .getByLabel('Код подтверждения')
      .fill(await latestCode(page.request, phone, { since, channel: 'sms' }));
    await form.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/series$/);
    await expect(accountMenu(page)).toHaveCount(1);
  });

  test('logging out in one tab logs out the other', async ({ context }) => {
    const first = await context.newPage();
    await signUpByEmail(first, `tabs-${unique()}@example.ru`, 'надёжный-пароль-2');
    await expect(accountMenu(first)).toHaveCount(1);
    const second = await context.newPage();
    await second.goto('/movies');
    await expect(accountMenu(second)).toHaveCount(1);
    await first.bringToFront();
    await accountMenu(first).locator('summary').click();
    await first.getByRole('button', { name: 'Выйти' }).click();
    await expect(first).toHaveURL(/\/$/);
    await expect(first.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
    await expect(second.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
    await expect(accountMenu(second)).toHaveCount(0);
  });

  test('a tab notices within a moment that its session cookies went without a broadcast, and shows the guest page with a toast', async ({
    context,
  }) => {
    const page = await context.newPage();
    await signUpByEmail(page, `poll-${unique()}@example.ru`, 'надёжный-пароль-7');
    await page.goto('/movies');
    await expect(accountMenu(page)).toHaveCount(1);
    // Cookies cleared outside this site's tabs (an expired session, another browser window's 401).
    // The tab's poll (every 300 ms) notices within a moment and reloads: the reload's request
    // leaves within 3 s; how long the page then takes to load is the machine's, not the poll's.
    const reload = page.waitForRequest((r) => r.isNavigationRequest(), { timeout: 3_000 });
    await context.clearCookies();
    await reload;
    // The toast first: it stays six seconds, and on a busy machine the checks after it can take
    // that long.
    await expect(page.locator('#toasts')).toContainText('Вы вышли из аккаунта');
    await expect(accountMenu(page)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
  });

  test('a failed logout says so in the universal popup and keeps the viewer signed in', async ({
    page,
  }) => {
    await signUpByEmail(page, `fail-${unique()}@example.ru`, 'надёжный-пароль-8');
    await page.goto('/movies'); // loaded: the header's script handles the logout form
    await page.route(/\/auth\/logout\//, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Сервис недоступен', details: { reason: 'unavailable' } }),
      }),
    );
    await accountMenu(page).locator('summary').click();
    await page.getByRole('button', { name: 'Выйти' }).click();
    const popup = page.getByRole('dialog', { name: 'Ошибка' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Сервис недоступен. Попробуйте позже');
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toHaveCount(0);
    await expect(accountMenu(page)).toHaveCount(1);
  });

  test('a 401 from the API clears the session cookies and reloads the page after 100 ms, as a guest', async ({
    browser,
  }) => {
    const email = `revoked-${unique()}@example.ru`;
    const mineContext = await browser.newContext();
    const otherContext = await browser.newContext();
    const mine = await mineContext.newPage();
    const other = await otherContext.newPage();
    await signUpByEmail(mine, email, 'надёжный-пароль-6');
    await signInByEmail(other, email, 'надёжный-пароль-6');
    // Another device ends this one's session; this browser still holds a token valid for minutes.
    await other.goto('/settings/devices');
    await other.getByRole('button', { name: 'Выйти на всех других устройствах' }).click();
    await expect(other.locator('.device')).toHaveCount(1);

    // An 18+ title: the page renders for the token it was given, with no parental status (the
    // session is not live; tests/pages/account-journeys.test.ts); the page's start asks the API
    // for it, which refuses with a 401.
    const movies = (await (await mine.request.get('/cms/content/movies/?page_size=60')).json()) as {
      results: { url: string; ageRating: string }[];
    };
    const adult = movies.results.find((m) => m.ageRating === '18+')!;
    const loads: number[] = [];
    let refusedAt = 0;
    // Each document's DOMContentLoaded, not its load: the 401 comes from a hydrated island, and on
    // a busy machine the first page's images can still be loading when it reloads, so that page
    // would never fire load.
    mine.on('domcontentloaded', () => loads.push(Date.now()));
    mine.on('response', (r) => {
      if (r.url().includes('/parental-control') && r.status() === 401) refusedAt ||= Date.now();
    });
    await mine.goto(adult.url);
    await expect.poll(() => loads.length, { message: 'the page reloads' }).toBe(2);
    expect(refusedAt, 'the API refused the ended session').toBeGreaterThan(0);
    expect(loads[1]! - refusedAt, 'the reload waits about 100 ms').toBeGreaterThanOrEqual(80);
    await expect(mine).toHaveURL(new RegExp(`${adult.url}$`));
    await expect(mine.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
    await expect(accountMenu(mine)).toHaveCount(0);
    await mine.waitForTimeout(500);
    expect(loads, 'a guest page asks nothing more and stays').toHaveLength(2);
    const left = (await mineContext.cookies()).map((c) => c.name);
    for (const name of ['token', 'account_id', 'user_id', 'billing_id', 'session'])
      expect(left, name).not.toContain(name);
    await mineContext.close();
    await otherContext.close();
  });
});
