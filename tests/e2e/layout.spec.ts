import { expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';
import { engage } from './support/shelves.ts';

// What the layout's HTML says (menus, footer, statuses, cookies, headers) is checked without a
// browser in tests/pages/layout.test.ts; here is what needs one: scripts under the CSP, the focus,
// and the layout's geometry.

const topNav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Разделы' }).getByRole('link');

test('the missing-content popup of the watch route takes the focus to its way out', async ({
  page,
}) => {
  await page.goto('/watch/does-not-exist');
  const dialog = page.getByRole('dialog', { name: 'Контент временно недоступен' });
  await expect(dialog.getByRole('link', { name: 'На главную' })).toBeFocused();
});

test('pages run their scripts under the CSP without violations', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.goto('/');
  await page.getByRole('button', { name: 'Принять' }).click();
  await expect(page.getByRole('region', { name: 'Использование cookie' })).toHaveCount(0);
  expect(violations).toEqual([]);
});

test('no script carries a nonce: inline scripts run by the hashes Astro computed for them, islands included', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  const res = await page.goto('/search?query=%D0%B3%D0%BE%D1%80%D0%BE%D0%B4');
  expect(res?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(res?.headers()['content-security-policy']).not.toContain('nonce-');
  // The search island hydrates on the first input (its inline bootstrap and directive ran), and no
  // script element has a nonce.
  await engage(page);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await page.locator('script[nonce]').count()).toBe(0);
  expect(violations).toEqual([]);
});

// That the home page fits each of the six widths without scrolling sideways, its top menu shown, is
// checked with the carousels' layout at the same widths (home.spec.ts, «… Swiper keeps that
// layout»): the same page, loaded once per width.

test('at 1366, 1440 and 1920 px every top-menu item of a signed-in viewer is fully visible in one row', async ({
  page,
  context,
  baseURL,
}) => {
  await signIn(context, baseURL!);
  // Loaded at the narrowest of the three, then widened (the menu is laid out by CSS alone).
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/');
  const links = topNav(page);
  await expect(links).toHaveCount(10);
  for (const width of [1366, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const tops = new Set<number>();
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
      tops.add(Math.round(box.y));
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    expect(tops.size, `${width} px`).toBe(1);
  }
});
