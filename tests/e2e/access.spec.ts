import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { signIn } from './support/session.ts';

/**
 * Each access rule on each page surface (the API's table is functions/access/access.test.ts):
 * a visitor in Germany and one in Russia (CF-IPCountry) for a Paramount+ title and Детям; a kid
 * and an adult profile for an 18+ title and a 16+ channel; an explicit age parameter.
 */

interface Who {
  label: string;
  country: string;
  kid?: boolean;
}
const RU: Who = { label: 'a guest in Russia', country: 'RU' };
const DE: Who = { label: 'a guest in Germany', country: 'DE' };
const ADULT: Who = { label: 'an adult profile', country: 'RU', kid: false };
const KID: Who = { label: 'a kid profile', country: 'RU', kid: true };

interface Card {
  id: number;
  name: string;
  ageRating: string;
}
interface Items {
  paramount: Card;
  paramountInCollection: Card;
  kids: Card;
  adult: Card;
  adultChannel: string;
}

/** The seeded items each rule is about, found through the API as a viewer in Russia sees it. */
async function findItems(request: APIRequestContext): Promise<Items> {
  const json = async (path: string) => (await request.get(path)).json();
  const movies: Card[] = (await json('/cms/content/movies/?page_size=24')).results;
  const channels: { slug: string; ageRating: string }[] = (await json('/cms/tv/channels/')).results;
  return {
    paramount: (await json('/cms/content/special/?partner=paramount-plus&page_size=1')).results[0],
    paramountInCollection: (await json('/cms/showcases/collections/paramount/?page_size=1'))
      .results[0],
    kids: (await json('/cms/content/kids/?page_size=1')).results[0],
    adult: movies.find((m) => m.ageRating === '18+')!,
    adultChannel: channels.find((c) => !['0+', '6+'].includes(c.ageRating))!.slug,
  };
}

/**
 * What the viewer gets at the path: its status, and whether the answer links to (a page) or
 * lists (the sitemap) the item.
 */
async function visit(browser: Browser, baseURL: string, who: Who, path: string, item: string) {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'cf-ipcountry': who.country },
  });
  if (who.kid !== undefined) await signIn(context, baseURL, { kid: who.kid });
  try {
    if (path === '/sitemap.xml') {
      const res = await context.request.get(path, { headers: { 'cf-ipcountry': who.country } });
      const xml = await res.text();
      return { status: res.status(), shows: xml.includes(`<loc>${baseURL}${item}</loc>`) };
    }
    const page = await context.newPage();
    const res = await page.goto(path);
    const html = await page.content();
    const forbidden = await page.getByRole('heading', { name: 'Нет доступа' }).isVisible();
    const unavailable = await page.getByRole('dialog', { name: 'Контент недоступен' }).isVisible();
    return {
      status: res?.status(),
      shows: html.includes(`href="${item}"`),
      forbidden,
      unavailable,
    };
  } finally {
    await context.close();
  }
}

interface Row {
  rule: string;
  surface: string;
  path: (i: Items) => string;
  /** The link or sitemap entry that shows the item. */
  item: (i: Items) => string;
  allowed: Who;
  refused: Who;
  /** A list leaves the item out; a section is the forbidden screen; a title the unavailable popup. */
  refusal: 'absent' | 'forbidden screen' | 'unavailable popup';
  /** The path the allowed viewer opens, when it differs (the age parameter's rows). */
  allowedPath?: (i: Items) => string;
}

const watch = (c: Card) => `/watch/${c.id}`;
const paramount = (surface: string, path: Row['path'], refusal: Row['refusal']): Row => ({
  rule: 'Paramount+ is for the CIS only',
  surface,
  path,
  item: (i) => watch(i.paramount),
  allowed: RU,
  refused: DE,
  refusal,
});

const TABLE: Row[] = [
  paramount('section page', () => '/paramount-plus', 'forbidden screen'),
  paramount('title page', (i) => watch(i.paramount), 'unavailable popup'),
  paramount('home page', () => '/', 'absent'),
  paramount(
    'search page',
    (i) => `/search?query=${encodeURIComponent(i.paramount.name)}`,
    'absent',
  ),
  paramount('sitemap (title)', () => '/sitemap.xml', 'absent'),
  {
    ...paramount('sitemap (section)', () => '/sitemap.xml', 'absent'),
    item: () => '/paramount-plus',
  },
  {
    ...paramount('collection page', () => '/collections/paramount', 'absent'),
    item: (i) => watch(i.paramountInCollection),
  },
  {
    rule: 'Детям is for the CIS only',
    surface: 'section page',
    path: () => '/kids',
    item: (i) => watch(i.kids),
    allowed: RU,
    refused: DE,
    refusal: 'forbidden screen',
  },
  {
    rule: 'Детям is for the CIS only',
    surface: 'title page',
    path: (i) => watch(i.kids),
    item: (i) => watch(i.kids),
    allowed: RU,
    refused: DE,
    refusal: 'unavailable popup',
  },
  {
    rule: 'Детям is for the CIS only',
    surface: 'sitemap (section)',
    path: () => '/sitemap.xml',
    item: () => '/kids',
    allowed: RU,
    refused: DE,
    refusal: 'absent',
  },
  ...(
    [
      ['title page', (i: Items) => watch(i.adult), 'unavailable popup'],
      ['list page', () => '/movies', 'absent'],
      ['search page', (i: Items) => `/search?query=${encodeURIComponent(i.adult.name)}`, 'absent'],
      ['sitemap', () => '/sitemap.xml', 'absent'],
    ] as const
  ).map(
    ([surface, path, refusal]): Row => ({
      rule: 'a kid profile sees nothing above 6+',
      surface,
      path,
      item: (i) => watch(i.adult),
      allowed: ADULT,
      refused: KID,
      refusal,
    }),
  ),
  ...(
    [
      ['channel page', (i: Items) => `/tv/${i.adultChannel}`, 'forbidden screen'],
      ['channel list', () => '/tv', 'absent'],
      ['sitemap', () => '/sitemap.xml', 'absent'],
    ] as const
  ).map(
    ([surface, path, refusal]): Row => ({
      rule: 'a kid profile sees no adult channel',
      surface,
      path,
      item: (i) => `/tv/${i.adultChannel}`,
      allowed: ADULT,
      refused: KID,
      refusal,
    }),
  ),
  {
    rule: 'an explicit age parameter narrows what is shown',
    surface: 'list page',
    path: () => '/movies?age=12',
    allowedPath: () => '/movies',
    item: (i) => watch(i.adult),
    allowed: { ...RU, label: 'a guest without it' },
    refused: { ...RU, label: 'a guest asking for 12+' },
    refusal: 'absent',
  },
];

let items: Promise<Items> | undefined;

test.describe('one access policy on every page', () => {
  for (const row of TABLE)
    test(`${row.rule} — ${row.surface}: ${row.refused.label} is refused, ${row.allowed.label} is not`, async ({
      browser,
      baseURL,
      request,
    }) => {
      items ??= findItems(request);
      const i = await items;
      const item = row.item(i);
      const allowed = await visit(
        browser,
        baseURL!,
        row.allowed,
        (row.allowedPath ?? row.path)(i),
        item,
      );
      expect(allowed.status).toBe(200);
      if (!row.path(i).startsWith('/watch/') && !row.path(i).startsWith('/tv/'))
        expect(allowed.shows, `${row.allowed.label} sees ${item}`).toBe(true);

      const refused = await visit(browser, baseURL!, row.refused, row.path(i), item);
      if (row.refusal === 'absent') {
        expect(refused.status).toBe(200);
        expect(refused.shows, `${row.refused.label} does not see ${item}`).toBe(false);
      } else {
        expect(refused.status).toBe(403);
        if (row.refusal === 'forbidden screen') expect(refused.forbidden).toBe(true);
        else expect(refused.unavailable).toBe(true);
      }
    });
});
