import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';

test.describe('support', () => {
  test('the widget opens the support popup without JavaScript, and a request is stored and confirmed once', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Поддержка' }).click();
    const popup = page.getByRole('dialog', { name: 'Напишите нам' });
    await expect(popup).toBeVisible();
    await popup.getByLabel('Тема').selectOption({ label: 'Аккаунт и вход' });
    await popup.getByLabel('Сообщение').fill('Не приходит письмо с кодом подтверждения.');
    await popup.getByLabel('E-mail для ответа').fill('viewer@example.ru');
    await popup.getByRole('button', { name: 'Отправить' }).click();
    await expect(page).toHaveURL(/\/settings\/support\?sent=\d+$/);
    await expect(page.getByRole('status')).toContainText(
      'отправлено. Мы ответим на e-mail в течение суток.',
    );
    await page.reload();
    await expect(page).toHaveURL(/\/settings\/support\?sent=\d+$/);
    await context.close();
  });

  test('the popup is accessible and closes with its button and Escape', async ({ page }) => {
    await page.goto('/series');
    await page.getByRole('button', { name: 'Поддержка' }).click();
    const popup = page.getByRole('dialog', { name: 'Напишите нам' });
    await expect(popup).toBeVisible();
    const { violations } = await new AxeBuilder({ page })
      .include('#support-popup')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('button', { name: 'Поддержка' }).click();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });

  test('a bad request comes back with a Russian message and what was typed; nothing is stored', async ({
    page,
  }) => {
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Поддержка' }).click();
    const popup = page.getByRole('dialog', { name: 'Напишите нам' });
    await popup.getByLabel('Сообщение').fill('Коротко');
    await popup.getByLabel('E-mail для ответа').fill('viewer@example.ru');
    await popup.evaluate((d) => d.querySelector('form')!.setAttribute('novalidate', ''));
    await popup.getByRole('button', { name: 'Отправить' }).click();
    await expect(page).toHaveURL(/\/settings\/support$/);
    await expect(page.getByRole('alert')).toHaveText('Сообщение должно быть не короче 10 символов');
    await expect(page.locator('main').getByLabel('Сообщение')).toHaveValue('Коротко');
  });

  test('the longest message is taken from the form; a body over 64 KB is refused with 413 before it is read', async ({
    request,
    baseURL,
  }) => {
    const email = encodeURIComponent(`long-${Date.now().toString(36)}@example.ru`);
    const form = (message: string, extra = '') =>
      `subject=other&email=${email}&message=${encodeURIComponent(message)}${extra}`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: baseURL! };
    const longest = await request.post('/settings/support', {
      headers,
      data: form('Ж'.repeat(4000)),
      maxRedirects: 0,
    });
    expect(longest.status()).toBe(303);
    const huge = await request.post('/settings/support', {
      headers,
      data: form('Ж'.repeat(4000), `&padding=${'x'.repeat(65 * 1024)}`),
      maxRedirects: 0,
    });
    expect(huge.status()).toBe(413);
    expect(await huge.json()).toEqual({
      message: 'Слишком большой запрос',
      details: { reason: 'payload_too_large' },
    });
  });

  test('the support page is for signed-in viewers; guests are sent to sign in', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/settings/support');
    await expect(page).toHaveURL(/\/settings\/support\/auth$/);
    await signIn(context, baseURL!);
    await page.goto('/settings/support?subject=payment');
    await expect(page.locator('main').getByLabel('Тема')).toHaveValue('payment');
    // A settings page like the others: the settings menu beside it.
    const menu = page.getByRole('navigation', { name: 'Настройки' });
    await expect(menu.getByRole('link', { name: 'Поддержка' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the widget is not on the payment-flow paths', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.locator('.support-fab')).toHaveCount(0);
    await page.goto('/tv');
    await expect(page.locator('.support-fab')).toHaveCount(1);
  });
});
