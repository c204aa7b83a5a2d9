import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { type Page, textsOf, Visitor, words } from './support/visitor.ts';

const SITE = env.SITE_ORIGIN;

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const description = (document: Document) =>
  document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';

/** Opens a page and follows its redirects as a browser would; `url` is where it ended. */
async function follow(visitor: Visitor, path: string): Promise<Page & { url: string }> {
  let url = new URL(path, SITE);
  for (let hops = 0; hops < 5; hops++) {
    const page = await visitor.open(url.href);
    const location = page.headers.get('location');
    if (page.status < 300 || page.status >= 400 || !location) return { ...page, url: url.href };
    url = new URL(location, url);
  }
  throw new Error(`${path} redirects more than 5 times`);
}

/**
 * Script files the page requested, by URL path; but the layout's script, which every page loads:
 * the error reporter (README «Errors and logs»: src/lib/report.ts and the bundler's helper it loads
 * the SDK with, the SDK itself only on an error), the cookie names it reads the access token by
 * (the token renewal itself loads only for a token without its hash) and the toast code, loaded
 * only when the tab's previous page left a note.
 */
const REPORTER =
  /\/_astro\/(BaseLayout\.astro_astro_type_script_index_0_lang|report|preload-helper|cookie-names)\.[\w-]+\.js$/;
/** A static import (`import{a}from"./x.js"`, `import "./y.js"`): fetched as the module loads. */
const STATIC_IMPORT = /(?:^|[\s;})])import\s*(?:[\w$*{}\s,]+?from\s*)?["'`]([^"'`]+)["'`]/g;
/** A re-export (`export{a}from"./x.js"`, `export*from"./y.js"`): fetched as the module loads too. */
const RE_EXPORT =
  /(?:^|[\s;})])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["'`]([^"'`]+)["'`]/g;
/** A dynamic import of a named file (`import("./x.js")`): fetched when that code runs. */
const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

/**
 * The script files a browser may fetch for the page, read from its HTML: the script elements'
 * files, module preloads and script preloads (in the HTML or the `Link` header), the islands'
 * components and renderers, and every module those (and the inline module scripts) import or
 * re-export, statically or dynamically, followed through the built assets. A dynamic import counts
 * as fetched, whatever would make it run; but the layout script's, which load the reporter's SDK
 * only once an error is reported (README «Errors and logs») and the toast code only for a note.
 */
async function scriptFilesOf(visitor: Visitor, { document, headers }: Page): Promise<string[]> {
  const found = new Set<string>();
  const queue: string[] = [];
  const add = (specifier: string | null | undefined, base: string) => {
    if (!specifier) return;
    const path = new URL(specifier, base).pathname;
    if (found.has(path)) return;
    found.add(path);
    queue.push(path);
  };
  const importsOf = (code: string, base: string, { dynamic = true } = {}) => {
    for (const pattern of dynamic
      ? [STATIC_IMPORT, RE_EXPORT, DYNAMIC_IMPORT]
      : [STATIC_IMPORT, RE_EXPORT])
      for (const [, specifier] of code.matchAll(pattern)) add(specifier, base);
  };
  const page = `${SITE}/`;
  for (const script of document.querySelectorAll('script')) {
    const type = script.getAttribute('type') ?? '';
    if (/json/.test(type)) continue;
    if (script.getAttribute('src')) add(script.getAttribute('src'), page);
    else if (type === 'module') importsOf(script.textContent ?? '', page);
  }
  for (const link of document.querySelectorAll('link[href]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const as = (link.getAttribute('as') ?? '').toLowerCase();
    if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script'))
      add(link.getAttribute('href'), page);
  }
  // `Link: </x.js>; rel=modulepreload` (or rel=preload; as=script) asks for a file as the page does.
  for (const entry of (headers.get('link') ?? '').split(/,(?=\s*<)/)) {
    const [, href, params = ''] = /^\s*<([^>]*)>(.*)$/.exec(entry) ?? [];
    if (
      href &&
      (/\brel="?[^";]*\bmodulepreload\b/i.test(params) ||
        (/\brel="?[^";]*\bpreload\b/i.test(params) && /\bas="?script\b/i.test(params)))
    )
      add(href, page);
  }
  for (const island of document.querySelectorAll('astro-island'))
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url'])
      add(island.getAttribute(name), page);
  while (queue.length > 0) {
    const path = queue.shift()!;
    const res = await visitor.fetch(path);
    expect(res.status, path).toBe(200);
    importsOf(await res.text(), `${SITE}${path}`, { dynamic: !REPORTER.test(path) });
  }
  return [...found].filter((path) => !REPORTER.test(path));
}

for (const [path, h1] of PAGES) {
  it(`${path} answers with its own title, the layout and a canonical URL without the query`, async () => {
    // A parameter of no meaning to the page (a tracking one would be dropped before rendering).
    const page = await new Visitor().open(`${path}?a=1`);
    expect(page.status).toBe(200);
    expect(textsOf(page.document, 'h1')).toEqual([h1]);
    expect(page.document.title.replace(/\s+/g, ' ')).toMatch(new RegExp(`^${escapeRegExp(h1)}`));
    expect(page.document.querySelectorAll('nav[aria-label="Разделы"]').length).toBe(1);
    expect(page.document.querySelectorAll('body > footer').length).toBe(1);
    expect(page.document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${SITE}${path}`,
    );
    expect(description(page.document).length).toBeGreaterThan(40);
  });
}

it('info pages open with or without the trailing slash, at one URL', async () => {
  const visitor = new Visitor();
  for (const path of ['/info/tos', '/info/tos/', '/info/legal-information/', '/info/policy/']) {
    const page = await follow(visitor, path);
    expect(page.status, path).toBe(200);
    expect(page.url, path).toBe(`${SITE}${path.replace(/\/$/, '')}`);
  }
  expect((await visitor.open('/info/no-such-doc')).status).toBe(404);
});

it('every info page has a unique title and description', async () => {
  const visitor = new Visitor();
  const titles = new Set<string>();
  const descriptions = new Set<string>();
  for (const [path] of PAGES) {
    const { document } = await visitor.open(path);
    titles.add(document.title);
    descriptions.add(description(document));
  }
  expect(titles.size).toBe(PAGES.length);
  expect(descriptions.size).toBe(PAGES.length);
});

it('info pages load no JavaScript but the cookie banner’s and the page-view beacon, and only the beacon once it is accepted', async () => {
  const visitor = new Visitor();
  const first = await visitor.open('/info/tos');
  expect(first.document.querySelectorAll('[data-cookie-banner]').length).toBe(1);
  expect((await scriptFilesOf(visitor, first)).length).toBeLessThanOrEqual(1);
  visitor.cookies.set('cookie_agreement', '1');
  // /big-screen is the exception: its «Войти с другого устройства» block needs a small script to
  // ask for a TV code and poll (docs/decisions.md, "TV code"); the QR library loads only on demand.
  for (const [path] of PAGES.filter(([p]) => p !== '/big-screen')) {
    const page = await visitor.open(path);
    expect(page.status, path).toBe(200);
    expect(await scriptFilesOf(visitor, page), path).toEqual([]);
    // The one inline script left is the page-view beacon every page carries (README, «Analytics»),
    // beside the error reporter's.
    const inline = [
      ...page.document.querySelectorAll(
        'script:not([type="application/ld+json"]):not([type="application/json"])',
      ),
    ].filter(
      (s) =>
        !s.textContent?.includes('/v2/event') &&
        !REPORTER.test(new URL(s.getAttribute('src') || '/', SITE).pathname),
    );
    expect(
      inline.map((s) => s.outerHTML.slice(0, 120)),
      path,
    ).toEqual([]);
  }
});

it('FAQ carries FAQPage structured data with every question', async () => {
  const { document } = await new Visitor().open('/faq');
  const questions = document.querySelectorAll('details.faq summary').length;
  expect(questions).toBeGreaterThanOrEqual(20);
  const data = JSON.parse(
    document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
  );
  expect(data['@type']).toBe('FAQPage');
  expect(data.mainEntity).toHaveLength(questions);
});

it('contacts link e-mail addresses and the phone', async () => {
  const { document } = await new Visitor().open('/contacts');
  const links = [...document.querySelectorAll('a')];
  const mail = links.filter((a) => words(a) === 'support@amediateka.example');
  expect(mail.map((a) => a.getAttribute('href'))).toEqual(['mailto:support@amediateka.example']);
  const phone = links.filter((a) => /8\s800/.test(words(a)));
  expect(phone.map((a) => a.getAttribute('href'))).toEqual(['tel:+78000000000']);
});

it('the Smart TV page leads to signing in with a code', async () => {
  const { document } = await new Visitor().open('/big-screen');
  const code = [...document.querySelectorAll('a')].filter((a) => words(a) === 'Войти по коду');
  expect(code.map((a) => a.getAttribute('href'))).toEqual(['/code']);
  expect(document.querySelectorAll('h3, [role="heading"][aria-level="3"]').length).toBe(7);
});
