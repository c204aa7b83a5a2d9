import { execFile } from 'node:child_process';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { signIn } from './support/session.ts';
import { bringLaterShelves } from './support/shelves.ts';

/**
 * Every route of the site, as a guest, a signed-in viewer and a kid profile see it, checked by the
 * Nu HTML Checker (vnu) in one JVM run. Errors fail the test, listed per page; warnings are
 * attached to the report.
 */
const PAGES_DIR = fileURLToPath(new URL('../../src/pages', import.meta.url));
const VNU_JAR = fileURLToPath(
  new URL('../../node_modules/vnu-jar/build/dist/vnu.jar', import.meta.url),
);

/** One page to check: how it was asked for and the HTML it answered with. */
interface Checked {
  label: string;
  html: string;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

async function pagesInSource(dir = PAGES_DIR): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await pagesInSource(path)));
    else if (entry.name.endsWith('.astro')) found.push(relative(PAGES_DIR, path));
  }
  return found.sort();
}

async function json<T>(request: APIRequestContext, path: string): Promise<T> {
  return (await request.get(path)).json() as Promise<T>;
}

/** The server's HTML of a path, which must answer the status a viewer would get, not a redirect. */
async function fetchPage(request: APIRequestContext, path: string, status: number, who: string) {
  const res = await request.get(path, { maxRedirects: 0 });
  expect(res.status(), `${who} ${path}`).toBe(status);
  return { label: `${who} ${path}`, html: await res.text() };
}

/** Several pages at a time: a few requests in flight keep the check short without crowding the Worker. */
async function fetchAll(
  request: APIRequestContext,
  list: [path: string, status: number][],
  who: string,
): Promise<Checked[]> {
  const out: Checked[] = [];
  for (let i = 0; i < list.length; i += 4)
    out.push(
      ...(await Promise.all(
        list.slice(i, i + 4).map(([path, status]) => fetchPage(request, path, status, who)),
      )),
    );
  return out;
}

/** The DOM after the islands have hydrated and drawn their own markup. */
async function rendered(page: Page, label: string): Promise<Checked> {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return { label: `${label} (after JavaScript)`, html: await page.content() };
}

async function runVnu(dir: string, files: string[]): Promise<VnuMessage[]> {
  // One short run: the JIT's first tier only (-XX:TieredStopAtLevel=1) and one GC thread spend
  // less than half the CPU of the server defaults; the schema's recursion needs a deep stack.
  const jvm = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
  const args = [
    ...jvm,
    '-jar',
    VNU_JAR,
    '--format',
    'json',
    '--stdout',
    ...files.map((f) => join(dir, f)),
  ];
  // vnu exits 1 when it finds errors; its report is on stdout either way.
  const out = await promisify(execFile)('java', args, { maxBuffer: 64 * 1024 * 1024 }).catch(
    (e: { stdout?: string; stderr?: string }) => {
      if (!e.stdout) throw new Error(`vnu did not run: ${e.stderr ?? e}`);
      return { stdout: e.stdout };
    },
  );
  return (JSON.parse(out.stdout) as { messages: VnuMessage[] }).messages;
}

const formatMessage = (m: VnuMessage) =>
  `${m.lastLine ?? '?'}:${m.lastColumn ?? '?'} ${m.message}${m.extract ? `  «${m.extract.replace(/\s+/g, ' ').trim()}»` : ''}`;

test('every page of the site is valid HTML (Nu HTML Checker)', async ({
  page,
  browser,
  baseURL,
}) => {
  // Under a minute on a quiet machine, about three in the whole suite (vnu's Java beside the
  // rest); the margin is for a second full run beside it, where it took over three.
  test.setTimeout(420_000);
  const request = page.request;
  type List = {
    count: number;
    results: { id: number; url: string; slug: string; ageRating: string }[];
  };
  const series = await json<List>(request, '/cms/content/series/?page_size=60');
  const movies = await json<List>(request, '/cms/content/movies/?page_size=1');
  const trailers = await json<List>(request, '/cms/content/trailers/?page_size=1');
  const collections = await json<List>(request, '/cms/showcases/collections/?page_size=1');
  const channels = await json<List>(request, '/cms/tv/channels/');
  const genres = await json<{ results: { slug: string }[] }>(request, '/cms/catalogue/genres/');
  const adult = series.results.find((t) => t.ageRating === '18+')!;
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const infoPaths = [...sitemap.matchAll(/<loc>[^<]*?(\/info\/[^<]+)<\/loc>/g)].map((m) => m[1]!);
  expect(infoPaths.length).toBeGreaterThanOrEqual(9);

  // Each page file and the URLs that show it; a new page without a line here fails the test.
  const guest: Record<string, [path: string, status: number][]> = {
    '403.astro': [['/403', 403]],
    '404.astro': [
      ['/404', 404],
      ['/no-such-page', 404],
    ],
    '500.astro': [['/500', 500]],
    'activate/auth.astro': [['/activate/auth', 200]],
    'advantages.astro': [['/advantages', 200]],
    'auth.astro': ['auth', 'signin', 'signup', 'signin-phone', 'recovery'].map((step) => [
      `/auth?step=${step}`,
      200,
    ]),
    'big-screen.astro': [['/big-screen', 200]],
    'free-access.astro': [['/free-access', 200]],
    'poll/[slug].astro': [
      ['/poll/why-not-subscribing?poll_slug=why-not-subscribing', 200],
      ['/poll/unsubscribe?poll_slug=unsubscribe', 200],
      ['/poll/none?poll_slug=none', 404],
    ],
    'code/auth.astro': [['/code/auth?user_code=ABCD-EFGH', 200]],
    'collections/[slug].astro': [[`/collections/${collections.results[0]!.slug}`, 200]],
    'collections/index.astro': [['/collections', 200]],
    'contacts.astro': [['/contacts', 200]],
    'dazn.astro': [['/dazn', 200]],
    'dev/outbox.astro': [['/dev/outbox', 200]],
    'dev/marketing.astro': [['/dev/marketing', 200]],
    'dev/sentry.astro': [['/dev/sentry', 200]],
    // Staff only: anyone else gets the not-found page (tests/e2e/analytics.spec.ts checks the report).
    'staff/stats.astro': [['/staff/stats', 404]],
    'staff/refunds.astro': [['/staff/refunds', 404]],
    'dev/render-error.astro': [['/dev/render-error', 500]],
    'faq.astro': [['/faq', 200]],
    'get-ip.astro': [['/get-ip', 200]],
    'gifts/auth.astro': [['/gifts/auth', 200]],
    'hbo-max.astro': [['/hbo-max', 200]],
    'index.astro': [['/', 200]],
    'info/[slug].astro': [...infoPaths.map((p): [string, number] => [p, 200]), ['/info/none', 404]],
    'kids.astro': [['/kids', 200]],
    'kino1tv.astro': [['/kino1tv', 200]],
    'movies.astro': [['/movies', 200]],
    'paramount-plus.astro': [['/paramount-plus', 200]],
    'paywall/[slug].astro': [
      ['/paywall/default', 200],
      ['/paywall/new-user', 200],
      [`/paywall/film?contentId=${movies.results[0]!.id}`, 200],
      ['/paywall/unknown', 404],
    ],
    'referral-rules.astro': [['/referral-rules', 200]],
    'reset-password.astro': [['/reset-password', 200]],
    'search.astro': [
      ['/search', 200],
      [`/search?query=${encodeURIComponent('город')}`, 200],
      ['/search?query=zzzzzz', 200],
    ],
    'series.astro': [
      ['/series', 200],
      [`/series?genre=${genres.results[0]!.slug}&age=12`, 200],
    ],
    'settings/auth.astro': [['/settings/auth', 200]],
    'settings/support/auth.astro': [['/settings/support/auth', 200]],
    'trailers.astro': [['/trailers', 200]],
    'tv/[slug].astro': [[`/tv/${channels.results[0]!.slug}`, 200]],
    'tv/index.astro': [['/tv', 200]],
    'watch/[...path].astro': [
      [series.results[0]!.url, 200],
      [movies.results[0]!.url, 200],
      [trailers.results[0]!.url, 200],
      ['/watch/999999', 404],
    ],
  };
  const member: Record<string, string[]> = {
    'code.astro': ['/code', '/code?user_code=ABCD-EFGH'],
    'activate.astro': ['/activate', '/activate?code=amedia30'],
    'settings/index.astro': ['/settings'],
    'settings/account.astro': [
      '/settings/account',
      '/settings/account?change=email',
      '/settings/account?change=phone',
    ],
    'settings/devices.astro': ['/settings/devices'],
    'settings/parental.astro': ['/settings/parental'],
    'settings/profiles.astro': ['/settings/profiles'],
    'settings/support.astro': ['/settings/support'],
    'my/index.astro': ['/my'],
    'my/favorite.astro': ['/my/favorite'],
    'my/history.astro': ['/my/history'],
    'payment.astro': ['/payment', '/payment?steps=three', '/payment?id=2&steps=three&step=period'],
    // The account's billing pages (an account without payments: their empty states).
    'subscription.astro': ['/subscription', '/subscription?done=off', '/subscription?done=paused'],
    // No subscription of this account: the «Ошибка» dialog.
    'paywall/retention.astro': ['/paywall/retention?subscriptionId=1'],
    'payment-history.astro': ['/payment-history'],
    'gifts.astro': ['/gifts', '/gifts?resent=1'],
    'gifts/success.astro': ['/gifts/success'],
    'settings/purchase.astro': ['/settings/purchase'],
    'settings/payments.astro': [
      '/settings/payments',
      '/settings/payments?removed=1&stopped=Амедиатека',
    ],
    'payment-type.astro': ['/payment-type'],
    'settings/aeroflot.astro': ['/settings/aeroflot', '/settings/aeroflot?done=detached'],
  };
  // Fragments (partial pages, no document of their own): checked inside the page that takes them.
  const fragments: Record<string, string> = {
    'home/shelves/[id].astro': '/ with its later shelves in place',
  };
  // Pages that only redirect (no HTML of their own): their redirect is what a guest gets.
  const redirects: Record<string, [path: string, location: string]> = {
    'resume.astro': ['/resume', '/auth?backPath=%2Fresume'],
    'payment/redirect.astro': [
      '/payment/redirect?orderId=x',
      '/auth?backPath=%2Fpayment%2Fredirect%3ForderId%3Dx',
    ],
    'success.astro': ['/success?orderId=x', '/auth?backPath=%2Fsuccess%3ForderId%3Dx'],
  };
  expect(
    [
      ...Object.keys(guest),
      ...Object.keys(member),
      ...Object.keys(redirects),
      ...Object.keys(fragments),
    ].sort(),
  ).toEqual(await pagesInSource());
  for (const [path, location] of Object.values(redirects)) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(302);
    expect(res.headers().location, path).toBe(location);
  }

  const checked: Checked[] = [];
  await test.step('guest pages', async () => {
    checked.push(...(await fetchAll(request, Object.values(guest).flat(), 'guest')));
  });

  await test.step('a kid profile opening an adult title: the 403 with the watch popup', async () => {
    const kid = await browser.newContext();
    await signIn(kid, baseURL!, { kid: true });
    checked.push(await fetchPage(kid.request, adult.url, 403, 'kid'));
    await kid.close();
  });

  await test.step('the guest islands as the browser renders them', async () => {
    await page.goto('/auth?step=signup');
    checked.push(await rendered(page, 'guest /auth?step=signup'));
    await page.goto('/search');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await page.getByRole('combobox').fill('город');
    await expect(page.getByRole('option').first()).toBeVisible();
    checked.push(await rendered(page, 'guest /search, typing «город»'));
  });

  await test.step('the home page once its later shelves have come (home/shelves/[id].astro)', async () => {
    await page.goto('/');
    await bringLaterShelves(page);
    checked.push(await rendered(page, 'guest /, the later shelves in place'));
  });

  await test.step('a signed-up viewer’s pages, and their islands', async () => {
    await signUpByEmail(page, `html-${unique()}@example.ru`, 'correct horse 1');
    const paths = [...Object.values(member).flat(), '/', '/big-screen', series.results[0]!.url];
    checked.push(
      ...(await fetchAll(
        request,
        paths.map((p): [string, number] => [p, 200]),
        'member',
      )),
    );
    for (const path of [
      '/settings/profiles',
      '/settings/parental',
      '/my/favorite',
      '/my/history',
    ]) {
      await page.goto(path);
      checked.push(await rendered(page, `member ${path}`));
    }
  });

  await test.step('the demo accounts’ billing pages: subscriptions, the retention offer, a receipt, a rental', async () => {
    for (const [email, paths] of [
      [
        'subscriber@demo.amediateka.example',
        ['/settings', '/payment-history', '/settings/payments?receipt=demo-receipt-1'],
      ],
      ['renter@demo.amediateka.example', ['/settings/purchase']],
    ] as const) {
      const context = await browser.newContext();
      const demo = await context.newPage();
      await signInByEmail(demo, email, 'smotrim-demo');
      const list = await (await demo.request.get('/subscription')).text();
      const retention = /data-subscription="(\d+)"/.exec(list)?.[1];
      const pages = [
        ...paths,
        '/subscription',
        ...(retention ? [`/paywall/retention?subscriptionId=${retention}`] : []),
      ];
      checked.push(
        ...(await fetchAll(
          demo.request,
          pages.map((p): [string, number] => [p, 200]),
          email.split('@')[0]!,
        )),
      );
      await context.close();
    }
  });

  const dir = test.info().outputPath('html');
  await mkdir(dir, { recursive: true });
  const files = checked.map((_, i) => `page-${String(i).padStart(3, '0')}.html`);
  await Promise.all(checked.map((c, i) => writeFile(join(dir, files[i]!), c.html)));
  const messages = await test.step('the Nu HTML Checker', () => runVnu(dir, files));

  const labelOf = (m: VnuMessage) => {
    const i = files.findIndex((f) => m.url?.endsWith(`/${f}`));
    return i >= 0 ? checked[i]!.label : (m.url ?? 'vnu');
  };
  const errors: Record<string, string[]> = {};
  const warnings: string[] = [];
  for (const m of messages) {
    if (m.type === 'info') {
      warnings.push(`${labelOf(m)}: ${formatMessage(m)}`);
      continue;
    }
    const label = labelOf(m);
    errors[label] ??= [];
    errors[label].push(formatMessage(m));
  }
  const errorCount = Object.values(errors).reduce((n, list) => n + list.length, 0);
  console.log(
    `vnu: ${checked.length} pages, ${errorCount} errors, ${warnings.length} warnings${warnings.map((w) => `\n  warning: ${w.slice(0, 300)}`).join('')}`,
  );
  expect(checked.length).toBeGreaterThan(60);
  expect(errors, `the Nu HTML Checker found errors in ${Object.keys(errors).length} pages`).toEqual(
    {},
  );
});
