import { expect, type Page, test } from '@playwright/test';
import { signUpByEmail } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';

// The e2e server runs with SENTRY_DSN on its own local receiver (scripts/e2e-server.mjs), so the
// real browser SDK sends there and /dev/api/sentry/ lists what arrived.
const email = `reports-${Date.now()}@example.ru`;

interface Report {
  sdk: string | null;
  environment: string | null;
  items: { tags?: Record<string, string>; extra?: Record<string, unknown> }[];
}

/** The reports of one failure that carry this run's marker, once the receiver has them. */
async function reportsOf(page: Page, failure: string, marker: string): Promise<Report[]> {
  let found: Report[] = [];
  await expect(async () => {
    const res = await page.request.get('/dev/api/sentry/?kind=event&limit=200');
    const { results } = (await res.json()) as { results: Report[] };
    found = results.filter(
      (r) => r.items[1]?.tags?.failure === failure && r.items[1]?.extra?.reason === marker,
    );
    expect(found.length).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  return found;
}

test('a profile creation that fails in the browser is reported to Sentry, and the page loads no SDK until then', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const sdkRequests: string[] = [];
  page.on('request', (r) => {
    if (/report-sdk\.[\w-]+\.js$/.test(r.url())) sdkRequests.push(r.url());
  });
  await signUpByEmail(page, email, 'correct horse 1');
  await page.goto('/settings/profiles');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  expect(sdkRequests, 'the SDK is not fetched before a failure').toEqual([]);

  // The profile service fails for this one request: a 503 with the error envelope.
  const marker = `e2e_fault_${Date.now()}`;
  // The client adds its system query parameters, so the path is matched, not the whole URL.
  await page.route(
    (url) => /^\/auth\/users\/?$/.test(url.pathname),
    (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Сервис недоступен', details: { reason: marker } }),
          })
        : route.fallback(),
  );
  await page.getByRole('button', { name: 'Добавить профиль', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Новый профиль' });
  await dialog.getByLabel('Имя профиля').fill('Петя');
  await dialog.getByRole('button', { name: 'Создать' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Сервис недоступен');

  const [report] = await reportsOf(page, 'profile_creation', marker);
  expect(sdkRequests).toHaveLength(1);
  expect(report!.sdk).toContain('sentry.javascript');
  expect(report!.environment).toBe('production');
  expect(report!.items[1]!.extra).toMatchObject({ status: 503, reason: marker });
  // The viewer's address and session stay out of the report.
  const text = JSON.stringify(report);
  expect(text).not.toContain(email);
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value;
  expect(token && text.includes(token)).toBeFalsy();
});

test('a page that fails to render shows the fallback screen, is reported to Sentry and listed on /dev/sentry', async ({
  page,
}) => {
  const res = await page.goto('/dev/render-error');
  expect(res?.status()).toBe(500);
  await expect(async () => {
    const list = await page.request.get('/dev/api/sentry/?kind=event&limit=200');
    const { results } = (await list.json()) as { results: { title: string | null }[] };
    expect(results.map((r) => r.title)).toContain(
      'Error: Deliberate render error (development diagnostics)',
    );
  }).toPass({ timeout: 20_000 });

  await page.goto('/dev/sentry');
  await expect(page.getByRole('heading', { level: 1, name: 'Отчёты об ошибках' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Deliberate render error' }).first();
  await expect(row).toContainText('Сервер');
  await row.getByText('Error: Deliberate render error').click();
  await expect(row.locator('pre')).toContainText('"environment": "production"');
  await noViolations(page, '/dev/sentry');
});
