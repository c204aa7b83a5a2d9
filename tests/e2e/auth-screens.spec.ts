import { expect, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';
import { signIn } from './support/session.ts';

test.describe('sign-in screens', () => {
  test('/auth offers e-mail, phone and sign-up, each a step with its own URL that Back returns from', async ({
    page,
  }) => {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход или регистрация');
    await page.getByRole('link', { name: 'Войти по e-mail' }).click();
    await expect(page).toHaveURL(/\/auth\?step=signin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход по e-mail');
    await expect(page.locator('.auth').getByLabel('E-mail', { exact: true })).toHaveAttribute(
      'autocomplete',
      'username',
    );
    await expect(page.locator('.auth').getByLabel('Пароль', { exact: true })).toHaveAttribute(
      'autocomplete',
      'current-password',
    );
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Восстановление пароля');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход по e-mail');
    await page.goto('/auth?step=signin-phone');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход по номеру телефона');
    await expect(page.getByLabel('Номер телефона')).toHaveAttribute('type', 'tel');
  });

  test('a slow answer shows the busy spinner, but only after the 200 ms loader delay', async ({
    page,
  }) => {
    await page.route(/\/auth\/email\/sign_in\//, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto('/auth?step=signin');
    // Hydrated: the island sends the form (before, the browser would post it as a plain form).
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const form = page.locator('.auth');
    await form.getByLabel('E-mail', { exact: true }).fill('slow@example.ru');
    await form.getByLabel('Пароль', { exact: true }).fill('wrong password');
    const spinner = form.getByRole('progressbar', { name: 'Загрузка' });
    await form.getByRole('button', { name: 'Войти' }).click();
    await expect(spinner).toHaveCount(0);
    await expect(spinner).toBeVisible();
    await expect(form.getByRole('alert')).toHaveText('Неверный e-mail или пароль');
    await expect(spinner).toHaveCount(0);
  });

  test('/reset-password opens the flow on password recovery', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Восстановление пароля');
    await expect(page.locator('.auth').getByLabel('E-mail', { exact: true })).toBeVisible();
  });

  test('the sign-in screens have no accessibility violations and use the short footer', async ({
    page,
  }) => {
    for (const step of ['auth', 'signin', 'signup', 'signin-phone', 'recovery']) {
      await page.goto(`/auth?step=${step}`);
      await expect(page.locator('.auth form, .auth__choices')).toBeVisible();
      await noViolations(page, step);
    }
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  test('a signed-in visitor is sent back: /auth to a safe backPath, entry points to their section', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!);
    await page.goto('/auth?backPath=%2Fseries');
    await expect(page).toHaveURL(/\/series$/);
    await page.goto('/auth?backPath=https%3A%2F%2Fevil.example');
    await expect(page).toHaveURL(`${baseURL}/`);
    const res = await page.request.get('/gifts/auth', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/gifts');
  });

  test('a signed-in visitor is never sent off the site by a back path that normalises to //host', async ({
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!);
    for (const back of [
      '/.//evil.example/phish',
      '/..//evil.example/phish',
      '/%2e//evil.example/phish',
    ]) {
      const res = await context.request.get(`/auth?backPath=${encodeURIComponent(back)}`, {
        maxRedirects: 0,
      });
      expect(res.status(), back).toBe(302);
      expect(new URL(res.headers().location!, baseURL).origin, back).toBe(new URL(baseURL!).origin);
    }
  });
});
