import { expect, test } from '@playwright/test';

const banner = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: 'Использование cookie' });

test('a guest sees the cookie banner until accepting it, then never again for a year', async ({
  page,
  context,
}) => {
  await page.goto('/get-ip');
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole('button', { name: 'Принять' }).click();
  await expect(banner(page)).toHaveCount(0);
  const cookie = (await context.cookies()).find((c) => c.name === 'cookie_agreement');
  expect(cookie?.value).toBe('1');
  const days = (cookie!.expires - Date.now() / 1000) / 86400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
  await page.goto('/');
  await expect(banner(page)).toHaveCount(0);
});

test('the banner is reachable with the keyboard', async ({ page }) => {
  await page.goto('/');
  const accept = banner(page).getByRole('button', { name: 'Принять' });
  for (let i = 0; i < 60 && !(await accept.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(accept).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner(page)).toHaveCount(0);
});
