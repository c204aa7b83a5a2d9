import { expect, test } from '@playwright/test';
import { allowAs, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { latestCode } from './support/outbox.ts';

const uniquePhone = () => `+7998${String(Date.now()).slice(-7)}`;

test.describe('changing the e-mail and phone on /settings/account', () => {
  test('an account without a password (social sign-in) adding a phone gets the focus on the SMS code, without accessibility violations', async ({
    page,
  }) => {
    const email = `social-${unique()}@example.ru`;
    await page.goto('/auth');
    await page.locator('.auth').getByRole('link', { name: 'Войти через Яндекс' }).click();
    await allowAs(page, 'Пётр Соколов', email);
    await expect(page.locator('.account-menu')).toHaveCount(1);

    await page.goto('/settings/account');
    await page.getByRole('link', { name: 'Добавить номер телефона' }).click();
    const since = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page
      .getByLabel('Код подтверждения')
      .fill(await latestCode(page.request, email, { since, purpose: 'parental_control_code' }));
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    await page.getByRole('textbox', { name: 'Новый номер телефона' }).fill(uniquePhone());
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByLabel('Код из SMS')).toBeFocused();
    await noViolations(page, 'the code step');
  });
});
