import { expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';

const topNav = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Разделы' }).getByRole('link');

test.describe('top navigation', () => {
  test('a guest in Russia sees the CIS sections but not favourites', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'RU' });
    await page.goto('/');
    await expect(topNav(page)).toHaveText([
      'Сериалы',
      'Фильмы',
      'HBO Max',
      'DAZN',
      'Paramount+',
      'Детям',
      'Коллекции',
      'ТВ',
      'Кино1ТВ',
    ]);
  });

  test('a guest outside the CIS does not see Paramount+ and Детям', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'DE' });
    await page.goto('/');
    await expect(topNav(page)).toHaveText([
      'Сериалы',
      'Фильмы',
      'HBO Max',
      'DAZN',
      'Коллекции',
      'ТВ',
      'Кино1ТВ',
    ]);
  });

  test('a signed-in viewer in Kazakhstan sees favourites in the menu and in the account menu', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!);
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'KZ' });
    await page.goto('/');
    await expect(topNav(page).last()).toHaveText('Избранное');
    await expect(page.getByRole('link', { name: 'Войти', exact: true })).toHaveCount(0);
    await page.locator('summary', { hasText: 'Меню аккаунта' }).click();
    await expect(page.locator('.account-menu__list a')).toHaveText([
      'Избранное',
      'История просмотра',
      'Настройки',
      'Профили',
    ]);
  });

  test('a signed-in viewer outside the CIS keeps favourites on top but the account menu drops the CIS-only items', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!);
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'FR' });
    await page.goto('/');
    await expect(topNav(page).last()).toHaveText('Избранное');
    await page.locator('summary', { hasText: 'Меню аккаунта' }).click();
    await expect(page.locator('.account-menu__list a')).toHaveText(['Настройки', 'Профили']);
  });

  test('a token without the hash field is a guest', async ({ page, context, baseURL }) => {
    await signIn(context, baseURL!, { hash: undefined });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
    await expect(topNav(page).filter({ hasText: 'Избранное' })).toHaveCount(0);
  });

  test('marks the current section for screen readers', async ({ page }) => {
    await page.goto('/get-ip');
    await page.goto('/series');
    await expect(topNav(page).filter({ hasText: 'Сериалы' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});

test.describe('footer', () => {
  test('shows menu 1, menu 2 in its mobile order, social links and app badges in the CIS', async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'BY' });
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation', { name: 'Моё' }).getByRole('link')).toHaveText([
      'Избранное',
      'История просмотра',
      'Поиск',
    ]);
    await expect(
      footer.getByRole('navigation', { name: 'Информация' }).getByRole('link'),
    ).toHaveText([
      'Контакты',
      'Вопросы и ответы',
      'Поддержка',
      /Партнёрская программа/,
      'Правовая информация',
      'Рекомендательные технологии',
      /Блог/,
    ]);
    // docs/product.md, «Screens and routes»: the blog is an external link.
    await expect(footer.getByRole('link', { name: /Блог/ })).toHaveAttribute('href', /^https:\/\//);
    for (const name of ['Telegram', 'ВКонтакте', 'YouTube', 'Дзен'])
      await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
        'href',
        /^https:\/\//,
      );
    for (const name of ['App Store', 'Google Play', 'AppGallery', 'RuStore'])
      await expect(footer.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
        'target',
        '_blank',
      );
    await expect(footer.getByRole('link', { name: 'Smart TV' })).toHaveAttribute(
      'href',
      '/big-screen',
    );
  });

  test('outside the CIS menu 1 keeps only search', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'US' });
    await page.goto('/');
    await expect(
      page.getByRole('contentinfo').getByRole('navigation', { name: 'Моё' }).getByRole('link'),
    ).toHaveText(['Поиск']);
  });
});

test.describe('page statuses', () => {
  test('an unknown address answers 404 with the not-found screen and the layout', async ({
    page,
  }) => {
    for (const path of ['/no-such-page', '/404']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Страница не найдена');
      await expect(topNav(page).first()).toBeVisible();
    }
  });

  test('the forbidden screen answers 403', async ({ page }) => {
    const res = await page.goto('/403');
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Нет доступа');
  });

  test('a render error shows the fallback screen with status 500, not a blank page', async ({
    page,
  }) => {
    const res = await page.goto('/dev/render-error');
    expect(res?.status()).toBe(500);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Что-то пошло не так');
    await expect(page.getByRole('link', { name: 'На главную' })).toBeVisible();
  });

  test('unknown content on the watch route answers 404 with the missing-content popup', async ({
    page,
  }) => {
    const res = await page.goto('/watch/does-not-exist');
    expect(res?.status()).toBe(404);
    const dialog = page.getByRole('dialog', { name: 'Контент временно недоступен' });
    await expect(dialog).toContainText(
      'По загадочным причинам мы не можем найти контент, попробуйте вернуться позднее',
    );
    await expect(dialog.getByRole('link', { name: 'На главную' })).toBeFocused();
  });
});

test('/get-ip shows the visitor IP, country, region and country group', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'UZ', 'cf-connecting-ip': '203.0.113.9' });
  await page.goto('/get-ip');
  await expect(page.getByTestId('ip')).toHaveText('203.0.113.9');
  await expect(page.getByTestId('country')).toHaveText('UZ');
  await expect(page.getByTestId('group')).toHaveText('UZ (СНГ)');
});

test('a new browser gets a device id cookie', async ({ page, context }) => {
  await page.goto('/');
  const cookie = (await context.cookies()).find((c) => c.name === 'device_id');
  expect(cookie?.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 86400);
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
  // The search island hydrates (its inline bootstrap ran), and no script element has a nonce.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(await page.locator('script[nonce]').count()).toBe(0);
  expect(violations).toEqual([]);
});

for (const width of [320, 768, 1024, 1366, 1440, 1920]) {
  test(`the layout fits a ${width} px wide screen without horizontal scrolling`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(topNav(page).first()).toBeVisible();
  });
}

test('a page that sets a cookie (a first visit) stays private, and pages vary by cookie and country, so no shared cache mixes regions or sessions', async ({
  page,
}) => {
  const res = await page.goto('/series');
  expect((await res!.allHeaders())['set-cookie']).toContain('device_id=');
  const headers = res!.headers();
  expect(headers['cache-control']).toBe('private, no-cache');
  expect(headers.vary).toMatch(/Cookie/);
  expect(headers.vary).toMatch(/CF-IPCountry/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
});

for (const width of [1366, 1440, 1920]) {
  test(`at ${width} px every top-menu item of a signed-in viewer is fully visible in one row`, async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(context, baseURL!);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const links = topNav(page);
    await expect(links).toHaveCount(10);
    const tops = new Set<number>();
    for (const link of await links.all()) {
      const box = (await link.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      tops.add(Math.round(box.y));
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    expect(tops.size).toBe(1);
  });
}
