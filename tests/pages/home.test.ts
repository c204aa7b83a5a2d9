import { describe, expect, it } from 'vitest';
import { fragment, loadedShelves, shelfSections } from './support/home-shelves.ts';
import { type Page, Visitor, words } from './support/visitor.ts';

interface Shelf {
  id: number;
  kind: string;
  name: string;
  wide: boolean;
  personal?: boolean;
  collectionSlug: string | null;
  items: { url?: string; id?: number }[];
}

async function api<T>(visitor: Visitor, path: string): Promise<T> {
  const res = await visitor.fetch(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** Every listed title's age rating (6 for «6+»), from the catalogue API. */
async function ageRatings(visitor: Visitor) {
  const ages = new Map<number, number>();
  for (const list of ['movies', 'series', 'kids']) {
    for (let next: string | null = `/cms/content/${list}/?page_size=60`; next; ) {
      const body: { next: string | null; results: { id: number; ageRating: string }[] } = await api(
        visitor,
        next,
      );
      for (const t of body.results) ages.set(t.id, parseInt(t.ageRating, 10));
      next = body.next && new URL(body.next).pathname + new URL(body.next).search;
    }
  }
  return ages;
}

const featured = async (visitor: Visitor) =>
  (await api<{ shelves: Shelf[] }>(visitor, '/cms/showcases/featured/')).shelves;
/** What the home page should show: the featured showcase's shelves that have items. */
const expectedShelves = async (visitor: Visitor) =>
  (await featured(visitor)).filter((s) => s.items.length > 0);
/** Elements of an HTML document as the browser builds it before any script runs. */
const elementCount = (page: Page) => page.document.querySelectorAll('*').length;
/** The hrefs of a shelf's titles: its slides' first links, or its plain list before it loads. */
const titleLinks = (section: Element) =>
  [...section.querySelectorAll('.carousel__slide, .later__names li')]
    .filter((el) => !el.closest('.later__room'))
    .map((el) => el.querySelector('a')!.getAttribute('href'));
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The shelves (whole or later) whose text has that name somewhere, as Playwright's `filter({ hasText })`. */
const shelvesWith = (page: Page, name: string) =>
  shelfSections(page).filter((c) => words(c).includes(norm(name)));
/** The name a region is announced by: the text of what `aria-labelledby` points at. */
const accessibleName = (document: Document, el: Element) =>
  (el.getAttribute('aria-labelledby') ?? '')
    .split(/\s+/)
    .map((id) => words(document.getElementById(id)))
    .join(' ');

describe('home page shelves', () => {
  it('shows the featured showcase shelves from D1, in order, titled, with their items and collection links', async () => {
    const visitor = new Visitor();
    const shelves = await expectedShelves(visitor);
    expect(shelves.length).toBeGreaterThan(3);
    expect(shelves.some((s) => s.personal)).toBe(false);
    const page = await visitor.open('/');
    const sections = await loadedShelves(visitor, page);
    expect(sections.length).toBe(shelves.length);
    for (const [i, shelf] of shelves.entries()) {
      const carousel = sections[i]!;
      expect(accessibleName(carousel.ownerDocument, carousel), shelf.name).toBe(norm(shelf.name));
      const heading = carousel.querySelectorAll('h2');
      expect(heading.length, shelf.name).toBe(1);
      expect(words(heading[0]), shelf.name).toBe(norm(shelf.name));
      const slides = carousel.querySelectorAll('.carousel__slide');
      expect(slides.length, shelf.name).toBe(shelf.items.length);
      const first = shelf.items[0]!;
      expect(slides[0]!.querySelector('a')?.getAttribute('href'), shelf.name).toBe(
        first.url ?? `/watch/${first.id}`,
      );
      const titleLinks = heading[0]!.querySelectorAll('a');
      if (shelf.collectionSlug) {
        expect(titleLinks.length, shelf.name).toBe(1);
        expect(titleLinks[0]!.getAttribute('href')).toBe(`/collections/${shelf.collectionSlug}`);
      } else expect(titleLinks.length, shelf.name).toBe(0);
      expect(carousel.getAttribute('data-carousel'), shelf.name).toBe(
        shelf.wide || shelf.kind === 'episodes' || shelf.kind === 'blog' ? 'wide' : 'poster',
      );
    }
  });

  it('the hero is the first home page banner: wide art, headline, text and a link to the title', async () => {
    const visitor = new Visitor();
    const banners = (
      await api<{
        results: { headline: string; text: string; content: { url: string; name: string } }[];
      }>(visitor, '/cms/showcases/page-banners/?page=/')
    ).results;
    expect(banners.length).toBeGreaterThan(0);
    const page = await visitor.open('/');
    const hero = page.document.querySelector('.hero')!;
    expect([...hero.querySelectorAll('h2')].map((h) => words(h))).toEqual([
      norm(banners[0]!.headline),
    ]);
    expect(words(hero)).toContain(norm(banners[0]!.text));
    const watch = [...hero.querySelectorAll('a')].filter(
      (a) => words(a) === norm(`Смотреть «${banners[0]!.content.name}»`),
    );
    expect(watch.length).toBe(1);
    expect(watch[0]!.getAttribute('href')).toBe(banners[0]!.content.url);
    const art = hero.querySelector('img.hero__art')!;
    expect(art.getAttribute('loading')).toBe('eager');
    expect(art.getAttribute('fetchpriority')).toBe('high');
    expect(page.document.querySelectorAll('h1').length).toBe(1);
    // Its picture is the head's first preload, before the font, and names what the <img> takes.
    const preloads = [...page.document.querySelectorAll('head link[rel="preload"]')];
    expect(preloads[0]!.getAttribute('as')).toBe('image');
    expect(preloads[0]!.getAttribute('fetchpriority')).toBe('high');
    expect(preloads[0]!.getAttribute('imagesrcset')).toBe(art.getAttribute('srcset'));
    expect(preloads[0]!.getAttribute('imagesizes')).toBe(art.getAttribute('sizes'));
    expect(preloads.filter((l) => l.getAttribute('as') === 'image').length).toBe(1);
  });

  it('continue watching and now watching stay hidden while they have no items, for guests and signed-in viewers', async () => {
    const guest = new Visitor();
    const personal = (await featured(guest)).filter((s) => s.personal);
    expect(personal.map((s) => s.kind).sort()).toEqual(['cw', 'nw']);
    const asGuest = await guest.open('/');
    for (const s of personal) expect(shelvesWith(asGuest, s.name).length, s.kind).toBe(0);
    const page = await (await new Visitor().holdToken()).open('/');
    // This viewer has watched nothing: no continue watching. Now watching is everyone's last day,
    // so it shows only once some other test has watched something.
    const [cw, nw] = ['cw', 'nw'].map((kind) => personal.find((s) => s.kind === kind)!);
    expect(shelvesWith(page, cw!.name).length).toBe(0);
    const nowWatching = shelvesWith(page, nw!.name).length;
    expect(shelfSections(page).length).toBe((await expectedShelves(guest)).length + nowWatching);
  });

  it('images have width and height; only the first screen (hero, first shelf) loads eagerly', async () => {
    const { document } = await new Visitor().open('/');
    const images = [...document.querySelectorAll('main img')].map((img) => ({
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      first: !!img.closest('.hero, section[data-carousel]:first-of-type'),
    }));
    // The first response: the hero and its first shelves (the later ones come as they near).
    expect(images.length).toBeGreaterThan(20);
    for (const img of images) expect(img.width && img.height).toBeTruthy();
    const eager = images.filter((i) => i.loading !== 'lazy');
    expect(eager.length).toBeGreaterThan(1);
    expect(eager.every((i) => i.first)).toBe(true);
  });

  it('a kid profile sees no title above 6+ on the home page', async () => {
    const ages = await ageRatings(new Visitor());
    const { document } = await (await new Visitor().holdToken({ kid: true })).open('/');
    const ids = [
      ...new Set(
        [...document.querySelectorAll('main a[href^="/watch/"]')].map((a) =>
          Number(/^\/watch\/(\d+)/.exec(a.getAttribute('href')!)![1]),
        ),
      ),
    ];
    expect(ids.length).toBeGreaterThan(5);
    const tooOld = ids.filter((id) => !(ages.get(id)! <= 6));
    expect(tooOld).toEqual([]);
  });
});

/** The titles' hrefs of a viewer's home, once every later shelf has come. */
async function homeTitles(visitor: Visitor) {
  const page = await visitor.open('/');
  return (await loadedShelves(visitor, page)).flatMap(titleLinks);
}

describe('home page: the first response and the later shelves', () => {
  const BUDGET = 1500;

  it('the first response stays within 1,500 elements for a guest, a signed-in viewer and a kid profile, in and outside the CIS', async () => {
    for (const [who, visitor] of [
      ['guest RU', new Visitor()],
      ['guest DE', new Visitor({ country: 'DE' })],
      ['signed in', await new Visitor().holdToken()],
      ['subscriber', await new Visitor().signInAsDemo('subscriber')],
      ['kid', await new Visitor().signInAsDemo('subscriber', { kid: true })],
    ] as const) {
      const page = await visitor.open('/');
      expect(page.status, who).toBe(200);
      expect(elementCount(page), who).toBeLessThanOrEqual(BUDGET);
      // The first shelf is always there whole, and the later ones wait for the viewport.
      const sections = shelfSections(page);
      expect(sections[0]!.hasAttribute('data-carousel'), who).toBe(true);
      expect(
        sections.filter((s) => s.hasAttribute('data-later-shelf')).length,
        who,
      ).toBeGreaterThan(0);
    }
  });

  it('carries the first shelves whole and, for each later one, its heading, its collection link and a link to every title', async () => {
    const visitor = new Visitor();
    const shelves = await expectedShelves(visitor);
    const page = await visitor.open('/');
    const sections = shelfSections(page);
    expect(sections.length).toBe(shelves.length);
    const first = sections.filter((s) => !s.hasAttribute('data-later-shelf'));
    // What a phone or a desktop shows under the hero: at least two whole shelves.
    expect(first.length).toBeGreaterThanOrEqual(2);
    expect(sections.slice(0, first.length)).toEqual(first);
    for (const [i, shelf] of shelves.entries()) {
      const section = sections[i]!;
      const heading = section.querySelectorAll('h2');
      expect(heading.length, shelf.name).toBe(1);
      expect(words(heading[0]), shelf.name).toBe(norm(shelf.name));
      expect(accessibleName(page.document, section), shelf.name).toBe(norm(shelf.name));
      const links = [...heading[0]!.querySelectorAll('a')].map((a) => a.getAttribute('href'));
      expect(links, shelf.name).toEqual(
        shelf.collectionSlug ? [`/collections/${shelf.collectionSlug}`] : [],
      );
      // Crawlers and viewers without JavaScript reach every title of every shelf.
      expect(titleLinks(section), shelf.name).toEqual(
        shelf.items.map((item) => item.url ?? `/watch/${item.id}`),
      );
      if (section.hasAttribute('data-later-shelf')) {
        expect(section.getAttribute('data-later-shelf')).toBe(`/home/shelves/${shelf.id}`);
        expect(section.querySelectorAll('.carousel__slide h3, .card, button').length).toBe(0);
      }
    }
  });

  it("a later shelf's fragment is its carousel alone, shared at the edge with other guests like the page", async () => {
    const visitor = new Visitor();
    // The second visit: the first one's answer also gave the browser its device id cookie.
    await (await visitor.fetch('/')).arrayBuffer();
    const page = await visitor.open('/');
    const path = shelfSections(page)
      .find((s) => s.hasAttribute('data-later-shelf'))!
      .getAttribute('data-later-shelf')!;
    const { response, html, document } = await fragment(visitor, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe(page.headers.get('cache-control'));
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
    );
    expect(response.headers.get('vary')).toBe(page.headers.get('vary'));
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('set-cookie')).toBeNull();
    // Only the carousel: no page around it (its scripts' tags are the page's already, and the
    // page takes the carousel alone).
    expect(html).not.toMatch(/<(html|head|body|header|footer|main)\b/i);
    const carousel = document.querySelectorAll('section[data-carousel]');
    expect(carousel.length).toBe(1);
    expect(carousel[0]!.getAttribute('aria-labelledby')).toBe(
      shelfSections(page)
        .find((s) => s.getAttribute('data-later-shelf') === path)!
        .getAttribute('aria-labelledby'),
    );
    // Signing in to favourite a card comes back to the home page, not to the fragment.
    const signIn = [...document.querySelectorAll('a[href^="/auth?"]')].map((a) =>
      new URL(a.getAttribute('href')!, 'https://x.invalid').searchParams.get('backPath'),
    );
    expect(signIn.length).toBeGreaterThan(0);
    expect(new Set(signIn)).toEqual(new Set(['/']));
    const hit = await new Visitor().fromEdgeCache(path);
    expect(await hit.text()).toBe(html);
    for (const unknown of ['/home/shelves/999999', '/home/shelves/04', '/home/shelves/x']) {
      const res = await visitor.fetch(unknown);
      expect(res.status, unknown).toBe(404);
      expect(await res.text(), unknown).toBe('');
    }
  });

  it('the fragments follow the same access rules as the page: region, signed in or not, kid profile', async () => {
    // Fill the edge cache with a guest's copies first: nobody else may be answered from them.
    const ru = new Visitor();
    const ruPage = await ru.open('/');
    const ruPaths = shelfSections(ruPage)
      .map((s) => s.getAttribute('data-later-shelf'))
      .filter((p): p is string => p !== null);
    for (const path of ruPaths) await (await ru.fromEdgeCache(path)).arrayBuffer();
    const guestTitles = await homeTitles(ru);
    const api = (await expectedShelves(ru)).flatMap((s) =>
      s.items.map((item) => item.url ?? `/watch/${item.id}`),
    );
    expect(guestTitles).toEqual(api);

    // Outside the CIS: the shelves and titles the page and the API give there, nothing of the CIS.
    const de = new Visitor({ country: 'DE' });
    const dePage = await de.open('/');
    const dePaths = new Set(shelfSections(dePage).map((s) => s.getAttribute('data-later-shelf')));
    const cisOnly = ruPaths.filter((p) => !dePaths.has(p));
    expect(cisOnly.length).toBeGreaterThan(0);
    for (const path of cisOnly) expect((await de.fetch(path)).status, path).toBe(404);
    expect(await homeTitles(de)).toEqual(
      (await expectedShelves(de)).flatMap((s) =>
        s.items.map((item) => item.url ?? `/watch/${item.id}`),
      ),
    );

    // Signed in: never the guests' copy (the heart is a button, not a sign-in link), never shared.
    const subscriber = await new Visitor().signInAsDemo('subscriber');
    const mine = await fragment(subscriber, ruPaths[0]!);
    expect(mine.response.status).toBe(200);
    expect(mine.response.headers.get('x-edge-cache')).toBe('BYPASS');
    expect(mine.response.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.document.querySelectorAll('button[data-card-favourite]').length).toBeGreaterThan(0);
    const theirs = await fragment(ru, ruPaths[0]!);
    expect(theirs.document.querySelectorAll('button[data-card-favourite]').length).toBe(0);

    // A kid profile: none of the adult home's shelves, its own later shelves with nothing over 6+.
    const kid = await new Visitor().signInAsDemo('subscriber', { kid: true });
    for (const path of ruPaths) {
      const res = await kid.fetch(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-edge-cache'), path).toBe('BYPASS');
    }
    const kidPage = await kid.open('/');
    const kidPaths = shelfSections(kidPage)
      .map((s) => s.getAttribute('data-later-shelf'))
      .filter((p): p is string => p !== null);
    expect(kidPaths.length).toBeGreaterThan(0);
    const ages = await ageRatings(ru);
    for (const path of kidPaths) {
      const { response, document } = await fragment(kid, path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('private, no-cache');
      const ids = [...document.querySelectorAll('a[href^="/watch/"]')].map((a) =>
        Number(/^\/watch\/(\d+)/.exec(a.getAttribute('href')!)![1]),
      );
      expect(ids.length, path).toBeGreaterThan(0);
      expect(
        ids.filter((id) => !(ages.get(id)! <= 6)),
        path,
      ).toEqual([]);
      // …and nobody else gets a kid's shelf.
      expect((await ru.fetch(path)).status, path).toBe(404);
    }
  });
});
