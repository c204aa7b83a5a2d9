import { expect, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { atBothWidths, noViolations, overflow } from './support/axe.ts';

// WCAG 2.2 AA rules of axe-core (support/accounts.ts, WCAG); any violation fails, not only serious ones.

for (const path of [
  '/',
  '/get-ip',
  '/no-such-page',
  '/watch/unknown',
  '/series',
  '/search',
  '/tv',
  '/tv/pervyj-gorodskoj',
]) {
  test(`${path} has no WCAG 2.2 AA violations at 320 and 1440 px`, async ({ page }) => {
    // The largest pages (/tv's guide, / with its shelves) need the most time for axe on two cores.
    test.slow(path === '/' || path === '/tv');
    await atBothWidths(page, path, (width) => noViolations(page, `${path} at ${width} px`));
  });
}

// The signed-in screens, each at the narrowest and a wide width: one account for all of them.
test('the account screens have no WCAG 2.2 AA violations and reflow at 320 and 1440 px', async ({
  page,
}) => {
  test.slow();
  await signUpByEmail(page, `a11y-${unique()}@example.ru`, 'надёжный-пароль-7');
  for (const path of [
    '/settings',
    '/settings/account',
    '/settings/account?change=phone',
    '/settings/devices',
    '/settings/support',
    '/code',
    '/big-screen',
  ]) {
    await atBothWidths(page, path, async (width) => {
      await noViolations(page, `${path} at ${width} px`);
      // WCAG 1.4.10 (reflow): nothing scrolls sideways at 320 CSS px.
      expect(await overflow(page, width), `${path} at ${width} px`).toBe(0);
    });
  }
});

test('keyboard users can skip straight to the content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
