import { expect, type Page, test } from '@playwright/test';
import { noViolations } from './support/axe.ts';

const PAGES: [path: string, h1: string][] = [
  ['/info/tos', 'Пользовательское соглашение'],
  ['/info/recommendations', 'Правила применения рекомендательных технологий'],
  ['/info/for-vendors', 'Правообладателям и партнёрам'],
  ['/info/freezing', 'Заморозка подписки'],
  ['/info/title-subscription-rules', 'Правила подписки на отдельный сериал'],
  ['/info/consent-personal-data', 'Согласие на обработку персональных данных'],
  ['/info/policy', 'Политика обработки персональных данных'],
  ['/info/legal-information', 'Правовая информация'],
  ['/info/privacy', 'Политика конфиденциальности'],
  ['/faq', 'Вопросы и ответы'],
  ['/contacts', 'Контакты'],
  ['/referral-rules', 'Правила реферальной программы «Приведи друга»'],
  ['/big-screen', 'Амедиатека на большом экране'],
];

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

for (const [path, h1] of PAGES) {
  test(`${path} answers with its own title, the layout and a canonical URL without the query`, async ({
    page,
    baseURL,
  }) => {
    const res = await page.goto(`${path}?utm_source=test`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    await expect(page).toHaveTitle(new RegExp(`^${h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await expect(page.getByRole('navigation', { name: 'Разделы' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${baseURL}${path}`,
    );
    expect(
      (await page.locator('meta[name="description"]').getAttribute('content'))!.length,
    ).toBeGreaterThan(40);
  });
}

test('info pages open with or without the trailing slash, at one URL', async ({
  page,
  baseURL,
}) => {
  for (const path of ['/info/tos', '/info/tos/', '/info/legal-information/', '/info/policy/']) {
    expect((await page.goto(path))!.status(), path).toBe(200);
    expect(page.url(), path).toBe(`${baseURL}${path.replace(/\/$/, '')}`);
  }
  expect((await page.request.get('/info/no-such-doc')).status()).toBe(404);
});

test('every info page has a unique title and description', async ({ request }) => {
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const [path] of PAGES) {
    const html = await (await request.get(path)).text();
    titles.add(html.match(/<title>([^<]*)<\/title>/)![1]!);
    descriptions.add(html.match(/<meta name="description" content="([^"]*)"/)![1]!);
  }
  expect(titles.size).toBe(PAGES.length);
  expect(descriptions.size).toBe(PAGES.length);
});

test('info pages load no JavaScript but the cookie banner’s and the page-view beacon, and only the beacon once it is accepted', async ({
  page,
  context,
  baseURL,
}) => {
  const scripts = scriptsOf(page);
  await page.goto('/info/tos');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeLessThanOrEqual(1);
  await context.addCookies([{ name: 'cookie_agreement', value: '1', url: baseURL! }]);
  scripts.length = 0;
  // /big-screen is the exception: its «Войти с другого устройства» block needs a small script to
  // ask for a TV code and poll (docs/decisions.md, "TV code"); the QR library loads only on demand.
  for (const [path] of PAGES.filter(([p]) => p !== '/big-screen')) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts).toEqual([]);
  // The one inline script left is the page-view beacon every page carries (README, «Analytics»),
  // beside the error reporter's.
  const inline = await page
    .locator('script:not([type="application/ld+json"]):not([type="application/json"])')
    .evaluateAll(
      (all, reporter) =>
        all.filter(
          (s) =>
            !s.textContent?.includes('/v2/event') &&
            !new RegExp(reporter).test(
              new URL((s as HTMLScriptElement).src || '/', location.href).pathname,
            ),
        ).length,
      REPORTER.source,
    );
  expect(inline).toBe(0);
});

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

test('FAQ carries FAQPage structured data with every question', async ({ page }) => {
  await page.goto('/faq');
  const questions = await page.locator('details.faq summary').count();
  expect(questions).toBeGreaterThanOrEqual(20);
  const data = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').textContent())!,
  );
  expect(data['@type']).toBe('FAQPage');
  expect(data.mainEntity).toHaveLength(questions);
});

test('contacts link e-mail addresses and the phone', async ({ page }) => {
  await page.goto('/contacts');
  await expect(page.getByRole('link', { name: 'support@amediateka.example' })).toHaveAttribute(
    'href',
    'mailto:support@amediateka.example',
  );
  await expect(page.getByRole('link', { name: /8\s800/ })).toHaveAttribute(
    'href',
    'tel:+78000000000',
  );
});

test('the Smart TV page leads to signing in with a code', async ({ page }) => {
  await page.goto('/big-screen');
  await expect(page.getByRole('link', { name: 'Войти по коду' })).toHaveAttribute('href', '/code');
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(7);
});

for (const path of ['/info/tos', '/faq', '/contacts', '/big-screen']) {
  test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
    await page.goto(path);
    await noViolations(page, path);
  });
}
