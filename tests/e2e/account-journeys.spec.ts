import { expect, type Page, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { latestCode } from './support/outbox.ts';

const uniquePhone = () => `+7999${String(Date.now()).slice(-7)}`;

const accountMenu = (page: Page) => page.locator('.account-menu');

test.describe('accounts in a real browser', () => {
  test('sign up by e-mail with the code from the outbox, land back on the entry point’s section', async ({
    page,
  }) => {
    const email = `new-${unique()}@example.ru`;
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/settings\/auth$/);
    await page.locator('.auth').getByRole('link', { name: 'Создать аккаунт' }).click();
    await signUpByEmail(page, email, 'надёжный-пароль-1', page.url());
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Настройки');
    await expect(page).toHaveTitle('Настройки | Амедиатека');
    await expect(page.locator('.settings-card').first()).toContainText(email);
    await expect(accountMenu(page)).toHaveCount(1);
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
    await page.goto('/settings/account');
    await expect(page.locator('main')).toContainText(phone);
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
    await context.clearCookies();
    await expect(accountMenu(page)).toHaveCount(0, { timeout: 3_000 });
    await expect(page.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
    await expect(page.locator('#toasts')).toContainText('Вы вышли из аккаунта');
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

  test('the logout form works without JavaScript', async ({ browser }) => {
    const setup = await browser.newContext();
    const page = await setup.newPage();
    await signUpByEmail(page, `nojs-${unique()}@example.ru`, 'надёжный-пароль-3');
    const state = await setup.storageState();
    await setup.close();
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
    const plain = await context.newPage();
    await plain.goto('/series');
    await plain.locator('.account-menu summary').click();
    await plain.getByRole('button', { name: 'Выйти' }).click();
    await expect(plain).toHaveURL(/\/$/);
    await expect(plain.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
    await context.close();
  });

  test('changing the password ends the other devices’ sessions; the devices page lists and signs out devices', async ({
    browser,
  }) => {
    const email = `devices-${unique()}@example.ru`;
    const phoneContext = await browser.newContext({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const laptopContext = await browser.newContext();
    const phone = await phoneContext.newPage();
    const laptop = await laptopContext.newPage();
    await signUpByEmail(phone, email, 'старый-пароль-1');
    await signInByEmail(laptop, email, 'старый-пароль-1');

    await laptop.goto('/settings/devices');
    await expect(laptop.locator('.device')).toHaveCount(2);
    await expect(laptop.locator('.device').filter({ hasText: 'это устройство' })).toContainText(
      'Компьютер',
    );
    await expect(laptop.locator('.device').filter({ hasText: 'Телефон' })).toHaveCount(1);

    await laptop.goto('/settings/account');
    await laptop.getByLabel('Текущий пароль').fill('неверный-пароль');
    await laptop.getByLabel('Новый пароль').fill('новый-пароль-22');
    await laptop.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect(laptop.getByRole('alert')).toBeVisible();
    await laptop.getByLabel('Текущий пароль').fill('старый-пароль-1');
    await laptop.getByLabel('Новый пароль').fill('новый-пароль-22');
    await laptop.getByRole('button', { name: 'Сменить пароль' }).click();
    await expect(laptop.getByRole('status')).toContainText('Другие устройства вышли из аккаунта.');

    // The phone's session is over: account pages refuse it at once.
    await phone.goto('/settings');
    await expect(phone).toHaveURL(/\/settings\/auth$/);
    await laptop.goto('/settings/devices');
    await expect(laptop.locator('.device')).toHaveCount(1);
    await phoneContext.close();
    await laptopContext.close();
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
    // session is not live); the page's start asks the API for it, which refuses with a 401.
    const movies = (await (await mine.request.get('/cms/content/movies/?page_size=60')).json()) as {
      results: { url: string; ageRating: string }[];
    };
    const adult = movies.results.find((m) => m.ageRating === '18+')!;
    const loads: number[] = [];
    let refusedAt = 0;
    mine.on('load', () => loads.push(Date.now()));
    mine.on('response', (r) => {
      if (r.url().includes('/parental-control') && r.status() === 401) refusedAt ||= Date.now();
    });
    // The first answer's HTML, kept as it arrives: the reload can replace the page before a body
    // read after the navigation would reach it.
    let firstHtml = '';
    await mine.route(`**${adult.url}`, async (route) => {
      const response = await route.fetch();
      firstHtml ||= await response.text();
      await route.fulfill({ response });
    });
    await mine.goto(adult.url);
    // Rendered for the token it was given (the reload may already have replaced it on screen).
    expect(firstHtml).toContain('account-menu');
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
