import { expect, test } from '@playwright/test';
import { axe } from './support/axe.ts';

test.describe('support', () => {
  test('the widget opens the support popup without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Поддержка' }).click();
    await expect(page.getByRole('dialog', { name: 'Напишите нам' })).toBeVisible();
    await context.close();
  });

  test('the popup is accessible and closes with its button and Escape', async ({ page }) => {
    await page.goto('/series');
    await page.getByRole('button', { name: 'Поддержка' }).click();
    const popup = page.getByRole('dialog', { name: 'Напишите нам' });
    await expect(popup).toBeVisible();
    const { violations } = await axe(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
      .include('#support-popup')
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await popup.getByRole('button', { name: 'Закрыть' }).click();
    await expect(popup).toBeHidden();
    await page.getByRole('button', { name: 'Поддержка' }).click();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });
});
