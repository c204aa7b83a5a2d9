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

test.describe('on a 375×667 phone', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('a first-time visitor has «Смотреть» of a title on the first screen, clear of the cookie bar at the bottom', async ({
    page,
  }) => {
    await page.goto('/movies');
    await page.locator('.title-grid .card__link').first().click();
    await page.waitForURL(/\/watch\/\d+$/);
    const notice = banner(page);
    await expect(notice).toBeVisible();
    const watch = page.getByRole('link', { name: 'Смотреть', exact: true });
    const button = (await watch.boundingBox())!;
    const bar = (await notice.boundingBox())!;
    // Inside the viewport, above the notice, which lies along the screen's foot.
    expect(button.y).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(375);
    expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
    expect(bar.y + bar.height).toBe(667);
    expect(bar.height).toBeLessThanOrEqual(80);
    // Nothing lies over its middle: a tap there is the button's.
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent?.trim(),
      { x: button.x + button.width / 2, y: button.y + button.height / 2 },
    );
    expect(hit).toBe('Смотреть');
    // Accepting takes the bar away.
    await notice.getByRole('button', { name: 'Принять' }).click();
    await expect(notice).toHaveCount(0);
  });
});
