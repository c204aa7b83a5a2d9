import { expect, test } from '@playwright/test';
import { allowAs, signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { latestCode, outboxFor } from './support/outbox.ts';

const uniquePhone = () => `+7998${String(Date.now()).slice(-7)}`;

test.describe('changing the e-mail and phone on /settings/account', () => {
  test('an e-mail account changes its address with the password and the code, without JavaScript', async ({
    browser,
  }) => {
    const old = `old-${unique()}@example.ru`;
    const next = `next-${unique()}@example.ru`;
    const setup = await browser.newContext();
    await signUpByEmail(await setup.newPage(), old, 'надёжный-пароль-5');
    const state = await setup.storageState();
    await setup.close();
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: state });
    const page = await context.newPage();

    await page.goto('/settings/account');
    await page.getByRole('link', { name: 'Изменить e-mail' }).click();
    const change = page.getByRole('form', { name: 'Новый e-mail' });
    await change.getByRole('textbox', { name: 'Новый e-mail' }).fill(next);
    await change.getByLabel('Текущий пароль').fill('не-тот-пароль');
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByRole('alert')).toHaveText('Неверный текущий пароль');
    await expect(page.getByRole('textbox', { name: 'Новый e-mail' })).toHaveValue(next);

    await change.getByLabel('Текущий пароль').fill('надёжный-пароль-5');
    const since = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByText(`Мы отправили код на ${next}.`)).toBeVisible();
    await page.getByLabel('Код из письма').fill('000000');
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByRole('alert')).toContainText('Неверный код');
    await page
      .getByLabel('Код из письма')
      .fill(await latestCode(page.request, next, { since, purpose: 'contact_change_code' }));
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    await expect(page.getByRole('status')).toHaveText('E-mail изменён.');
    await expect(page.locator('.contacts')).toContainText(next);
    const [notice] = await outboxFor(page.request, old, { purpose: 'contact_changed', since });
    // Messages are typeset: compare the words, whatever the spaces between them.
    expect(notice?.subject?.replace(/\s/g, ' ')).toBe('В аккаунте Амедиатеки изменён e-mail');
    await context.close();
  });

  test('an account without a password (social sign-in) proves itself with a code, then adds a phone', async ({
    page,
  }) => {
    const email = `social-${unique()}@example.ru`;
    const phone = uniquePhone();
    await page.goto('/auth');
    await page.locator('.auth').getByRole('link', { name: 'Войти через Яндекс' }).click();
    await allowAs(page, 'Пётр Соколов', email);
    await expect(page.locator('.account-menu')).toHaveCount(1);

    await page.goto('/settings/account');
    await page.getByRole('link', { name: 'Добавить номер телефона' }).click();
    await expect(page.getByRole('heading', { name: 'Добавить номер телефона' })).toBeVisible();
    await expect(
      page.getByText(
        'У аккаунта нет пароля, поэтому подтвердите, что это вы: мы отправим код на so***@example.ru.',
      ),
    ).toBeVisible();
    let since = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await page
      .getByLabel('Код подтверждения')
      .fill(await latestCode(page.request, email, { since, purpose: 'parental_control_code' }));
    await page.getByRole('button', { name: 'Подтвердить' }).click();

    await expect(page.getByLabel('Текущий пароль')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Новый номер телефона' }).fill(phone);
    since = new Date(Date.now() - 1000);
    await page.getByRole('button', { name: 'Получить код' }).click();
    await expect(page.getByLabel('Код из SMS')).toBeFocused();
    await noViolations(page, 'the code step');
    await page
      .getByLabel('Код из SMS')
      .fill(await latestCode(page.request, phone, { since, purpose: 'contact_change_code' }));
    await page.getByRole('button', { name: 'Подтвердить' }).click();
    await expect(page.getByRole('status')).toHaveText('Номер телефона изменён.');
    await expect(page.locator('.contacts')).toContainText(phone);
    const [notice] = await outboxFor(page.request, email, { purpose: 'contact_changed', since });
    expect(notice?.subject?.replace(/\s/g, ' ')).toBe(
      'В аккаунте Амедиатеки изменён номер телефона',
    );
  });
});
