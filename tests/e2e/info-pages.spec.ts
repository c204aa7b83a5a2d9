import { expect, type Page, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';

/**
 * Script files the page requested, by URL path; but the error reporter's, which every page with a
 * DSN loads (README «Errors and logs»): the layout's script, src/lib/report.ts and the bundler's
 * helper it loads the SDK with (the SDK itself only on an error).
 */
const REPORTER =
  /\/_astro\/(BaseLayout\.astro_astro_type_script_index_0_lang|report|preload-helper)\.[\w-]+\.js$/;
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (req.resourceType() === 'script' && !REPORTER.test(path)) scripts.push(path);
  });
  return scripts;
}

test('/big-screen loads the TV-code pairing script but not the QR library until a code is shown', async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/big-screen');
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.includes('TvPairing'))).toBe(true);
  const before = scripts.length;
  await page.getByRole('button', { name: 'Показать код' }).click();
  await expect(page.getByRole('img', { name: /QR-код/ }).locator('svg')).toHaveCount(1);
  expect(scripts.length).toBeGreaterThan(before);
});

test('FAQ answers open and close with the keyboard', async ({ page }) => {
  await page.goto('/faq');
  const first = page.locator('details.faq').first();
  const summary = first.locator('summary');
  await summary.focus();
  await expect(first).not.toHaveAttribute('open', '');
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('open', '');
  await expect(first.locator('p')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(first).not.toHaveAttribute('open', '');
});

for (const path of ['/info/tos', '/faq', '/contacts', '/big-screen']) {
  test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
    await page.goto(path);
    await noViolations(page, path);
  });
}
