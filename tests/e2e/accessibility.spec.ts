import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// WCAG 2.2 AA rules of axe-core; any violation fails, not only serious ones.
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

for (const path of ['/', '/get-ip/', '/no-such-page', '/watch/unknown', '/series', '/search', '/tv', '/tv/pervyj-gorodskoj']) {
  for (const width of [320, 1440]) {
    test(`${path} has no WCAG 2.2 AA violations at ${width} px`, async ({ page }) => {
      // The home page's shelves hold some 1,700 elements: axe needs 15-20 s there on two cores.
      test.slow(path === '/');
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
}

test('keyboard users can skip straight to the content', async ({ page }) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Перейти к содержимому' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});
