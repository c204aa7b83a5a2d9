import { describe, expect, it } from 'vitest';
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

const featured = async (visitor: Visitor) =>
  (await api<{ shelves: Shelf[] }>(visitor, '/cms/showcases/featured/')).shelves;
/** What the home page should show: the featured showcase's shelves that have items. */
const expectedShelves = async (visitor: Visitor) =>
  (await featured(visitor)).filter((s) => s.items.length > 0);
const carousels = (page: Page) => [
  ...page.document.querySelectorAll('section[aria-roledescription="карусель"]'),
];
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();
/** The carousels whose text has that name somewhere, as Playwright's `filter({ hasText })`. */
const carouselsWith = (page: Page, name: string) =>
  carousels(page).filter((c) => words(c).includes(norm(name)));
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
    const sections = carousels(page);
    expect(sections.length).toBe(shelves.length);
    for (const [i, shelf] of shelves.entries()) {
      const carousel = sections[i]!;
      expect(accessibleName(page.document, carousel), shelf.name).toBe(norm(shelf.name));
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
  });

  it('continue watching and now watching stay hidden while they have no items, for guests and signed-in viewers', async () => {
    const guest = new Visitor();
    const personal = (await featured(guest)).filter((s) => s.personal);
    expect(personal.map((s) => s.kind).sort()).toEqual(['cw', 'nw']);
    const asGuest = await guest.open('/');
    for (const s of personal) expect(carouselsWith(asGuest, s.name).length, s.kind).toBe(0);
    const page = await (await new Visitor().holdToken()).open('/');
    // This viewer has watched nothing: no continue watching. Now watching is everyone's last day,
    // so it shows only once some other test has watched something.
    const [cw, nw] = ['cw', 'nw'].map((kind) => personal.find((s) => s.kind === kind)!);
    expect(carouselsWith(page, cw!.name).length).toBe(0);
    const nowWatching = carouselsWith(page, nw!.name).length;
    expect(carousels(page).length).toBe((await expectedShelves(guest)).length + nowWatching);
  });

  it('images have width and height; only the first screen (hero, first shelf) loads eagerly', async () => {
    const { document } = await new Visitor().open('/');
    const images = [...document.querySelectorAll('main img')].map((img) => ({
      width: img.getAttribute('width'),
      height: img.getAttribute('height'),
      loading: img.getAttribute('loading'),
      first: !!img.closest('.hero, section[data-carousel]:first-of-type'),
    }));
    expect(images.length).toBeGreaterThan(50);
    for (const img of images) expect(img.width && img.height).toBeTruthy();
    const eager = images.filter((i) => i.loading !== 'lazy');
    expect(eager.length).toBeGreaterThan(1);
    expect(eager.every((i) => i.first)).toBe(true);
  });

  it('a kid profile sees no title above 6+ on the home page', async () => {
    const guest = new Visitor();
    const ages = new Map<number, number>();
    for (const list of ['movies', 'series', 'kids']) {
      for (let next: string | null = `/cms/content/${list}/?page_size=60`; next; ) {
        const body: { next: string | null; results: { id: number; ageRating: string }[] } =
          await api(guest, next);
        for (const t of body.results) ages.set(t.id, parseInt(t.ageRating, 10));
        next = body.next && new URL(body.next).pathname + new URL(body.next).search;
      }
    }
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
