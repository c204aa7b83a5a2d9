import { expect, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';

test.describe('social sign-in with the local identity provider', () => {
  test('the social-error popup opens by itself with the focus on «Закрыть», passes axe and closes back to /auth', async ({
    page,
  }) => {
    // Where a refusal at the provider comes back (tests/pages/social-sign-in.test.ts).
    await page.goto('/auth?socialError=cancelled&social=fb');
    const popup = page.getByRole('alertdialog', { name: 'Не удалось войти' });
    await expect(popup).toBeVisible();
    await expect(popup.getByRole('button', { name: 'Закрыть' })).toBeFocused();
    await noViolations(page, 'page');
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the local provider’s authorize page has no WCAG 2.2 AA violations', async ({ page }) => {
    await page.goto('/auth');
    await page.locator('.auth').getByRole('link', { name: 'Войти через ВКонтакте' }).click();
    // Its heading names the provider (tests/pages/social-sign-in.test.ts).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await noViolations(page, 'page');
  });
});
