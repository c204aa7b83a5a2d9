import { type Browser, expect, type Page, test } from '@playwright/test';
import { unique } from './support/accounts.ts';
import { latestCode } from './support/outbox.ts';

/** An address of its own, so these sign-ins do not spend the shared per-IP allowance of other journeys. */
const ownIp = () => `198.51.100.${1 + Math.floor(Math.random() * 250)}`;

// The sign-in screens with JavaScript off: every step is the server's HTML, every form a plain POST.
const noScript = async (browser: Browser) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'cf-connecting-ip': ownIp() },
  });
  return { context, page: await context.newPage() };
};
const form = (page: Page) => page.locator('.auth');
const PASSWORD = 'correct horse 1';

test.describe('sign-in screens without JavaScript', () => {
  test('each step of the URL is rendered by the server with its form', async ({ browser }) => {
    const { context, page } = await noScript(browser);
    for (const [step, heading, button] of [
      ['signin', 'Вход по e-mail', 'Войти'],
      ['signup', 'Регистрация', 'Получить код'],
      ['signin-phone', 'Вход по номеру телефона', 'Получить код'],
      ['recovery', 'Восстановление пароля', 'Получить код'],
    ] as const) {
      await page.goto(`/auth?step=${step}`);
      await expect(page.getByRole('heading', { level: 1 }), step).toHaveText(heading);
      await expect(
        form(page).getByRole('button', { name: button, exact: true }),
        step,
      ).toBeVisible();
    }
    // «Войти по e-mail» on the choice screen leads to the e-mail form, not back to the choice.
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Войти по e-mail' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход по e-mail');
    await expect(form(page).getByLabel('Пароль', { exact: true })).toBeVisible();
    await context.close();
  });

  test('signs up with the e-mailed code, and signs in by e-mail and password, back where it started', async ({
    browser,
    request,
  }) => {
    const email = `nojs-${unique()}@example.ru`;
    const { context, page } = await noScript(browser);
    await page.goto('/auth?step=signup');
    // The browser's own checks pass an address without a domain zone; the server refuses it.
    await form(page).getByLabel('E-mail', { exact: true }).fill('anna@localhost');
    await form(page).getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    let answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await form(page).getByRole('button', { name: 'Получить код' }).click();
    expect((await answer).status()).toBe(422);
    await expect(form(page).getByRole('alert')).toHaveText('Введите корректный e-mail');
    await expect(form(page).getByLabel('E-mail', { exact: true })).toHaveValue('anna@localhost');

    await form(page).getByLabel('E-mail', { exact: true }).fill(email);
    await form(page).getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    const since = new Date(Date.now() - 1000);
    await form(page).getByRole('button', { name: 'Получить код' }).click();
    await expect(form(page).getByRole('status')).toContainText(email);
    await form(page).getByLabel('Код подтверждения').fill('000000');
    answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await form(page).getByRole('button', { name: 'Подтвердить' }).click();
    expect((await answer).status()).toBe(422);
    await expect(form(page).getByRole('alert')).toHaveText(/^Неверный код/);
    const code = await latestCode(request, email, { since, purpose: 'sign_up_code' });
    await form(page).getByLabel('Код подтверждения').fill(code);
    await form(page).getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.locator('.account-menu')).toHaveCount(1);
    await context.clearCookies();

    // Sign-in: a wrong password is refused in Russian on the page, the right one signs in.
    await page.goto('/auth?step=signin&backPath=%2Fsettings');
    await form(page).getByLabel('E-mail', { exact: true }).fill(email);
    await form(page).getByLabel('Пароль', { exact: true }).fill('wrong password');
    answer = page.waitForResponse((r) => r.request().method() === 'POST');
    await form(page).getByRole('button', { name: 'Войти' }).click();
    expect((await answer).status()).toBe(422);
    await expect(form(page).getByRole('alert')).toHaveText('Неверный e-mail или пароль');
    await expect(form(page).getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await form(page).getByLabel('Пароль', { exact: true }).fill(PASSWORD);
    await form(page).getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.locator('.account-menu')).toHaveCount(1);
    await context.close();
  });

  test('phone and recovery steps answer a submit with the next step or a Russian error', async ({
    browser,
  }) => {
    const { context, page } = await noScript(browser);
    await page.goto('/auth?step=signin-phone');
    await form(page).getByLabel('Номер телефона').fill('12345');
    await form(page).getByRole('button', { name: 'Получить код' }).click();
    await expect(form(page).getByRole('alert')).toHaveText(/номер телефона в формате \+7/i);
    const phone = `+7 999 ${String(Date.now()).slice(-7, -4)}-${String(Date.now()).slice(-4, -2)}-${String(Date.now()).slice(-2)}`;
    await form(page).getByLabel('Номер телефона').fill(phone);
    await form(page).getByRole('button', { name: 'Получить код' }).click();
    await expect(form(page).getByRole('status')).toContainText('Мы отправили 6-значный код');
    await expect(form(page).getByLabel('Код подтверждения')).toBeVisible();

    await page.goto('/auth?step=recovery');
    await form(page).getByLabel('E-mail', { exact: true }).fill('anna@localhost');
    await form(page).getByRole('button', { name: 'Получить код' }).click();
    await expect(form(page).getByRole('alert')).toHaveText('Введите корректный e-mail');
    await form(page).getByLabel('E-mail', { exact: true }).fill(`nobody-${unique()}@example.ru`);
    await form(page).getByRole('button', { name: 'Получить код' }).click();
    await expect(form(page).getByLabel('Код подтверждения')).toBeVisible();
    await context.close();
  });
});
