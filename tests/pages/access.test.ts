import { describe, expect, it } from 'vitest';
import { Visitor, words } from './support/visitor.ts';

/**
 * Each access rule on each page surface (the API's table is functions/access/access.test.ts):
 * a visitor in Germany and one in Russia (CF-IPCountry) for a Paramount+ title and Детям; a kid
 * and an adult profile for an 18+ title and a 16+ channel; an explicit age parameter.
 */

const ORIGIN = 'http://localhost:8787';

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
async function findItems(): Promise<Items> {
  const visitor = new Visitor({ country: 'RU' });
  const results = async <T>(path: string) =>
    ((await (await visitor.fetch(path)).json()) as { results: T[] }).results;
  const movies = await results<Card>('/cms/content/movies/?page_size=24');
  const channels = await results<{ slug: string; ageRating: string }>('/cms/tv/channels/');
  return {
    paramount: (
      await results<Card>('/cms/content/special/?partner=paramount-plus&page_size=1')
    )[0]!,
    paramountInCollection: (
      await results<Card>('/cms/showcases/collections/paramount/?page_size=1')
    )[0]!,
    kids: (await results<Card>('/cms/content/kids/?page_size=1'))[0]!,
    adult: movies.find((m) => m.ageRating === '18+')!,
    adultChannel: channels.find((c) => !['0+', '6+'].includes(c.ageRating))!.slug,
  };
}

/** Shown to a reader: neither hidden nor a closed dialog or popover. */
const shown = (el: Element) =>
  !el.closest('[hidden]') &&
  !el.closest('[popover]') &&
  !(el.closest('dialog') && !el.closest('dialog')!.hasAttribute('open'));

/** A heading whose text holds the name, as getByRole('heading', { name }) finds it. */
const headingNamed = (document: Document, name: string) =>
  [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].some(
    (h) => words(h).includes(name) && shown(h),
  );

/** A dialog labelled by an element whose text holds the name. */
const dialogNamed = (document: Document, name: string) =>
  [...document.querySelectorAll('[role="dialog"], dialog')].some(
    (d) =>
      shown(d) &&
      (d.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .some((id) => words(document.getElementById(id)).includes(name)),
  );

/**
 * What the viewer gets at the path: its status, and whether the answer links to (a page) or
 * lists (the sitemap) the item.
 */
async function visit(who: Who, path: string, item: string) {
  const visitor = new Visitor({ country: who.country });
  if (who.kid !== undefined) await visitor.holdToken({ kid: who.kid });
  const page = await visitor.open(path);
  if (path === '/sitemap.xml')
    return { status: page.status, shows: page.html.includes(`<loc>${ORIGIN}${item}</loc>`) };
  return {
    status: page.status,
    shows: page.html.includes(`href="${item}"`),
    forbidden: headingNamed(page.document, 'Нет доступа'),
    unavailable: dialogNamed(page.document, 'Контент недоступен'),
  };
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

describe('one access policy on every page', () => {
  for (const row of TABLE)
    it(`${row.rule} — ${row.surface}: ${row.refused.label} is refused, ${row.allowed.label} is not`, async () => {
      items ??= findItems();
      const i = await items;
      const item = row.item(i);
      const allowed = await visit(row.allowed, (row.allowedPath ?? row.path)(i), item);
      expect(allowed.status).toBe(200);
      if (!row.path(i).startsWith('/watch/') && !row.path(i).startsWith('/tv/'))
        expect(allowed.shows, `${row.allowed.label} sees ${item}`).toBe(true);

      const refused = await visit(row.refused, row.path(i), item);
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
