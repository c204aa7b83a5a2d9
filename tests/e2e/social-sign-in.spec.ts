import { expect, type Page, test } from '@playwright/test';
import { allowAs, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';

const accountMenu = (page: Page) => page.locator('.account-menu');

test.describe('social sign-in with the local identity provider', () => {
  test('a guest signs in through Яндекс from /auth, lands back on the section, then binds ВКонтакте in settings', async ({
    page,
  }) => {
    const id = unique();
    await page.goto('/auth?backPath=/series');
    await page.locator('.auth').getByRole('link', { name: 'Войти через Яндекс' }).click();
    await allowAs(page, 'Ольга Иванова', `olga-${id}@example.ru`);
    await expect(page).toHaveURL(/\/series$/);
    await expect(accountMenu(page)).toHaveCount(1);

    await page.goto('/settings/account');
    const socials = page.locator('section', {
      has: page.getByRole('heading', { name: 'Вход через соцсети' }),
    });
    await expect(socials).toContainText('Яндекс — привязан (Ольга Иванова)');
    await socials.getByRole('button', { name: 'Привязать «ВКонтакте»' }).click();
    await allowAs(page, 'Ольга Иванова', `olga-vk-${id}@example.ru`);
    await expect(page).toHaveURL(/\/settings\/account$/);
    await expect(socials).toContainText('ВКонтакте — привязан');
    const account = await (await page.request.get('/auth/account/')).json();
    expect(account).toMatchObject({
      email: `olga-${id}@example.ru`,
      socials: { ya: true, vk: true, ok: false, gp: false, fb: false },
    });
  });

  test('a refusal at the provider comes back as the social-error popup with the server message', async ({
    page,
  }) => {
    await page.goto('/auth');
    await page.locator('.auth').getByRole('link', { name: 'Войти через Facebook' }).click();
    await expect(page).toHaveURL(/\/dev\/oauth\/fb\/authorize/);
    await page.getByRole('button', { name: 'Отказать' }).click();
    await expect(page).toHaveURL(/\/auth\?socialError=cancelled&social=fb$/);
    const popup = page.getByRole('alertdialog', { name: 'Не удалось войти' });
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Вход через сервис «Facebook» отменён');
    await expect(popup.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    await noViolations(page, 'page');
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the local provider’s authorize page has no WCAG 2.2 AA violations', async ({ page }) => {
    await page.goto('/auth');
    await page.locator('.auth').getByRole('link', { name: 'Войти через ВКонтакте' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вход через «ВКонтакте»');
    await noViolations(page, 'page');
  });
});
