import { expect, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';

test.describe('sign-in screens', () => {
  test('the steps of /auth switch in place with their own URL, and Back returns from one', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Войти по e-mail' }).click();
    await expect(page).toHaveURL(/\/auth\?step=signin$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход по e-mail');
    await page.getByRole('link', { name: 'Забыли пароль?' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Восстановление пароля');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход по e-mail');
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
    // Timed in the page (performance.now), not by when an assertion happens to run: on a busy
    // machine more than 200 ms can pass between the click and any check made from here.
    await page.evaluate(() => {
      const times: { clicked?: number; shown?: number; gone?: number } = {};
      Object.assign(window, { spinnerTimes: times });
      document.addEventListener('click', () => (times.clicked ??= performance.now()), true);
      new MutationObserver(() => {
        const there = document.querySelector('.auth [role="progressbar"]') !== null;
        if (there) times.shown ??= performance.now();
        else if (times.shown !== undefined) times.gone ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await form.getByRole('button', { name: 'Войти' }).click();
    await expect(form.getByRole('alert')).toHaveText('Неверный e-mail или пароль');
    await expect(spinner).toHaveCount(0);
    const times = await page.evaluate(
      () => (window as unknown as { spinnerTimes: Record<string, number> }).spinnerTimes,
    );
    // Shown once the answer had taken 200 ms (never before), and gone with the answer (1.5 s).
    expect(times.shown! - times.clicked!).toBeGreaterThanOrEqual(200);
    expect(times.gone! - times.clicked!).toBeGreaterThanOrEqual(1_500);
  });

  test('the sign-in screens have no accessibility violations', async ({ page }) => {
    for (const step of ['auth', 'signin', 'signup', 'signin-phone', 'recovery']) {
      await page.goto(`/auth?step=${step}`);
      await expect(page.locator('.auth form, .auth__choices')).toBeVisible();
      await noViolations(page, step);
    }
  });
});
