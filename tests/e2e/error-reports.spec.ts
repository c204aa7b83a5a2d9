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

// The fallback screen itself (status 500, its heading and way home) is checked without a browser:
// tests/pages/layout.test.ts, «a render error shows the fallback screen with status 500».
test('a page that fails to render is reported to Sentry and listed on /dev/sentry', async ({
  page,
}) => {
  await page.goto('/dev/render-error');
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

interface ErrorEvent {
  tags?: Record<string, string>;
  exception?: {
    values?: {
      value?: string;
      mechanism?: { handled?: boolean };
      stacktrace?: { frames?: unknown[] };
    }[];
  };
}

/** The error events that arrived with `marker` in their message, once `count` of them are there. */
async function errorsWith(page: Page, marker: string, count: number): Promise<ErrorEvent[]> {
  let found: ErrorEvent[] = [];
  await expect(async () => {
    const res = await page.request.get('/dev/api/sentry/?kind=event&limit=200');
    const { results } = (await res.json()) as { results: { items: ErrorEvent[] }[] };
    found = results
      .map((r) => r.items[1] ?? {})
      .filter((e) => e.exception?.values?.some((v) => v.value?.includes(marker)));
    expect(found.length).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 20_000 });
  return found;
}

/** Counts the requests for the Sentry SDK's chunk this page makes. */
function countSdkRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (/report-sdk\.[\w-]+\.js$/.test(r.url())) urls.push(r.url());
  });
  return urls;
}

test('an error and a promise rejection the page did not catch are reported once each, with their stacks and scrubbed', async ({
  page,
}) => {
  const sdkRequests = countSdkRequests(page);
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  expect(sdkRequests, 'a page without errors loads no Sentry code').toEqual([]);

  const marker = `e2e_uncaught_${Date.now()}`;
  // Noise that is not ours to fix: another origin's «Script error.» (no Error, no stack) and an
  // extension's script throwing in our page. Neither is sent, nor does either load the SDK.
  await page.evaluate((m) => {
    dispatchEvent(new ErrorEvent('error', { message: 'Script error.', filename: '', lineno: 0 }));
    const ext = new Error(`extension ${m}`);
    ext.stack = `Error: extension ${m}\n    at content.js (chrome-extension://abcdef/content.js:1:1)`;
    dispatchEvent(new ErrorEvent('error', { error: ext, message: ext.message }));
  }, marker);
  await page.waitForTimeout(500);
  expect(sdkRequests, 'noise loads no SDK').toEqual([]);

  // The first error fetches the SDK; the next ones arrive after it is running, when its own
  // catchers would hear them a second time if they were on.
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(`first ${m} from viewer@example.ru`);
    });
  }, marker);
  await errorsWith(page, `first ${marker}`, 1);
  await page.evaluate((m) => {
    setTimeout(() => {
      throw new Error(`second ${m}`);
    });
    void Promise.reject(new Error(`rejected ${m} token=abcdef123456`));
  }, marker);
  await errorsWith(page, `rejected ${marker}`, 1);
  await errorsWith(page, `second ${marker}`, 1);
  // Time for a doubled report to arrive, if there were one.
  await page.waitForTimeout(1_000);
  const events = await errorsWith(page, marker, 3);
  const byText = (text: string) =>
    events.filter((e) => e.exception?.values?.some((v) => v.value?.includes(text)));
  expect(byText(`first ${marker}`)).toHaveLength(1);
  expect(byText(`second ${marker}`)).toHaveLength(1);
  expect(byText(`rejected ${marker}`)).toHaveLength(1);
  expect(byText(`extension ${marker}`)).toHaveLength(0);
  expect(events).toHaveLength(3);
  expect(sdkRequests).toHaveLength(1);

  const tags = events.map((e) => e.tags?.failure).sort();
  expect(tags).toEqual(['uncaught_error', 'uncaught_error', 'unhandled_rejection']);
  for (const e of events) {
    const [value] = e.exception!.values!;
    expect(value!.mechanism?.handled).toBe(false);
    expect(value!.stacktrace?.frames?.length ?? 0).toBeGreaterThan(0);
  }
  const text = JSON.stringify(events);
  expect(text).not.toContain('viewer@example.ru');
  expect(text).not.toContain('abcdef123456');
});

test('a storm of uncaught errors on one page sends at most five reports', async ({ page }) => {
  await page.goto('/faq');
  await page.waitForLoadState('networkidle');
  const marker = `e2e_storm_${Date.now()}`;
  await page.evaluate((m) => {
    for (let i = 0; i < 20; i++)
      setTimeout(() => {
        throw new Error(`storm ${m} ${i}`);
      });
  }, marker);
  await errorsWith(page, marker, 5);
  await page.waitForTimeout(1_500);
  expect(await errorsWith(page, marker, 5)).toHaveLength(5);
});
