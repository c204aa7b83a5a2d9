import { expect, test } from '@playwright/test';
import { d1 } from './support/d1.ts';
import { signIn } from './support/session.ts';

// These tests change shared D1 rows; they run in their own project after every other test.
test.describe.configure({ mode: 'serial' });

// A signed-in viewer's pages are never shared at the edge, so they show a change on the very next
// view; guests get it once the edge copy expires (s-maxage, see tests/e2e/edge-cache.spec.ts).
test.beforeEach(async ({ context, baseURL }) => {
  await signIn(context, baseURL!);
});

const topNav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Разделы' }).getByRole('link');

test('switching disable-dazn in the database hides DAZN on the next page view, without a deploy', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(topNav(page).filter({ hasText: 'DAZN' })).toHaveCount(1);
  await d1(request, "UPDATE feature_flags SET enabled = 1 WHERE name = 'disable-dazn'");
  try {
    expect(await (await request.get('/api/client/features/disable-dazn')).json()).toEqual({
      name: 'disable-dazn',
      value: true,
    });
    await page.reload();
    await expect(topNav(page).filter({ hasText: 'DAZN' })).toHaveCount(0);
  } finally {
    await d1(request, "UPDATE feature_flags SET enabled = 0 WHERE name = 'disable-dazn'");
  }
  await page.reload();
  await expect(topNav(page).filter({ hasText: 'DAZN' })).toHaveCount(1);
});

test('the DAZN section answers 404 while disable-dazn is on', async ({ page, request }) => {
  expect((await page.goto('/dazn'))?.status()).toBe(200);
  await d1(request, "UPDATE feature_flags SET enabled = 1 WHERE name = 'disable-dazn'");
  try {
    expect((await page.goto('/dazn'))?.status()).toBe(404);
  } finally {
    await d1(request, "UPDATE feature_flags SET enabled = 0 WHERE name = 'disable-dazn'");
  }
});

test('the trailers section exists only while enable-trailers is on', async ({ page, request }) => {
  expect((await page.goto('/trailers'))?.status()).toBe(200);
  await d1(request, "UPDATE feature_flags SET enabled = 0 WHERE name = 'enable-trailers'");
  try {
    expect((await page.goto('/trailers'))?.status()).toBe(404);
  } finally {
    await d1(request, "UPDATE feature_flags SET enabled = 1 WHERE name = 'enable-trailers'");
  }
});

test('switching HBO Max availability off hides its section', async ({ page, request }) => {
  await d1(request, "UPDATE feature_flags SET enabled = 0 WHERE name = 'hbo-max-available'");
  try {
    await page.goto('/');
    await expect(topNav(page).filter({ hasText: 'HBO Max' })).toHaveCount(0);
  } finally {
    await d1(request, "UPDATE feature_flags SET enabled = 1 WHERE name = 'hbo-max-available'");
  }
});

test('SEO texts from the CMS override title, description, noindex and structured data of a page', async ({
  page,
  request,
}) => {
  const ld = JSON.stringify([
    { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Мой IP' },
    { '@type': 'Thing', name: '</script><b>x' },
  ]);
  await d1(
    request,
    `INSERT INTO seo_texts (path, title, description, noindex, json_ld) VALUES ('/get-ip', 'Узнать свой IP', 'Где вы сейчас', 1, '${ld.replace(/'/g, "''")}')`,
  );
  try {
    await page.goto('/get-ip');
    await expect(page).toHaveTitle('Узнать свой IP');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      'Где вы сейчас',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
    const blocks = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t),
    );
    expect(blocks).toEqual(JSON.parse(ld));
    await expect(page.locator('b', { hasText: 'x' })).toHaveCount(0);
  } finally {
    await d1(request, "DELETE FROM seo_texts WHERE path = '/get-ip'");
  }
});

test('without web-enable-calendar /tv has no day picker and ignores ?date=', async ({
  page,
  request,
}) => {
  await d1(request, "UPDATE feature_flags SET enabled = 0 WHERE name = 'web-enable-calendar'");
  try {
    await page.goto('/tv?date=2026-11-24');
    await expect(page.getByRole('navigation', { name: 'Дни' })).toHaveCount(0);
    await expect(page.locator('.channel').first()).toBeVisible();
  } finally {
    await d1(request, "UPDATE feature_flags SET enabled = 1 WHERE name = 'web-enable-calendar'");
  }
});
