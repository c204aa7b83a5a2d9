import { describe, expect, it } from 'vitest';
import { type Page, Visitor, words } from './support/visitor.ts';

type Card = { id: number; type: string; url: string; ageRating: string };
type Detail = Card & {
  genres: { slug: string }[];
  people: { actors: { id: number }[]; directors: { id: number }[] };
  trailers: { id: number }[];
  trailerOf: number | null;
};

/** JSON from the API as the visitor is answered it. */
async function api<T>(visitor: Visitor, path: string): Promise<T> {
  const res = await visitor.fetch(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** A title's detail whatever its type (the detail path names it: movies, series, kids, trailers). */
async function detail(visitor: Visitor, id: number): Promise<Detail> {
  for (const type of ['movies', 'series', 'kids', 'trailers']) {
    const res = await visitor.fetch(`/cms/content/${type}/${id}/`);
    if (res.status === 200) return (await res.json()) as Detail;
  }
  throw new Error(`no title ${id}`);
}

/** The region headed «Похожие» and the titles of its cards (id and age label as shown). */
function similarShelf(page: Page) {
  const shelf = [...page.document.querySelectorAll('section[aria-labelledby]')].find(
    (s) => words(page.document.getElementById(s.getAttribute('aria-labelledby')!)) === 'Похожие',
  );
  const cards = [...(shelf?.querySelectorAll('.card') ?? [])].map((card) => ({
    id: Number(card.querySelector('.card__link')!.getAttribute('href')!.split('/').pop()),
    age: words(card.querySelector('.card__age')),
  }));
  return { shelf, cards };
}

/** The links a reader hears by that name. */
const linksNamed = (root: Pick<ParentNode, 'querySelectorAll'>, name: string | RegExp) =>
  [...root.querySelectorAll('a')].filter((a) => {
    const heard = a.getAttribute('aria-label') ?? words(a);
    return typeof name === 'string' ? heard === name : name.test(heard);
  });

/** An account of its own switched to a new kid profile. */
async function kidProfile() {
  const visitor = new Visitor();
  await visitor.signUp(`similar-kid-${crypto.randomUUID().slice(0, 8)}@example.ru`);
  const kid = await visitor.post('/auth/users/', { name: 'Маша', isKid: true });
  expect(kid.status).toBe(201);
  const { id } = (await kid.json()) as { id: number };
  expect((await visitor.post('/auth/users/switch/', { userId: id })).status).toBe(200);
  return visitor;
}

/** What two titles share: genres and people (a person once, whatever their roles). */
function overlap(a: Detail, b: Detail) {
  const people = (d: Detail) =>
    new Set([...d.people.actors, ...d.people.directors].map((p) => p.id));
  const genres = new Set(a.genres.map((g) => g.slug));
  const theirs = people(b);
  return {
    genres: b.genres.filter((g) => genres.has(g.slug)).length,
    people: [...people(a)].filter((id) => theirs.has(id)).length,
  };
}

describe('«Похожие» on a title page', () => {
  it('lists titles sharing its genres or people, most shared first, never the title itself', async () => {
    const visitor = new Visitor();
    const [film] = (await api<{ results: Card[] }>(visitor, '/cms/content/movies/?page_size=1'))
      .results;
    const title = await detail(visitor, film!.id);
    const { shelf, cards } = similarShelf(await visitor.open(film!.url));
    expect(shelf, 'a shelf headed «Похожие»').toBeDefined();
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.map((c) => c.id)).not.toContain(film!.id);
    const shared = [];
    for (const card of cards) {
      const other = await detail(visitor, card.id);
      expect(other.type).not.toBe('trailer');
      const both = overlap(title, other);
      shared.push(both.genres + both.people);
    }
    expect(shared.every((n) => n > 0)).toBe(true);
    expect(shared).toEqual([...shared].sort((a, b) => b - a));
  });

  it('a kid profile sees in it only what a kid may, where an adult sees adult titles too', async () => {
    const guest = new Visitor();
    const kidsTitles = (
      await api<{ results: Card[] }>(guest, '/cms/content/kids/?page_size=30')
    ).results.filter((t) => ['0+', '6+'].includes(t.ageRating));
    // A kids title whose shelf, for a guest, holds a title above 6+ (it shares a genre with one).
    let chosen: Card | undefined;
    for (const title of kidsTitles) {
      const { cards } = similarShelf(await guest.open(title.url));
      if (cards.some((c) => !['0+', '6+'].includes(c.age))) {
        chosen = title;
        break;
      }
    }
    expect(chosen, 'a kids title with adult titles like it').toBeDefined();
    const kid = await kidProfile();
    const page = await kid.open(chosen!.url);
    expect(page.status).toBe(200);
    const { shelf, cards } = similarShelf(page);
    expect(shelf).toBeDefined();
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.map((c) => c.age).filter((age) => !['0+', '6+'].includes(age))).toEqual([]);
    expect(cards.map((c) => c.id)).not.toContain(chosen!.id);
  });
});

describe('the title page’s buttons', () => {
  it('a film with a trailer has «Трейлер», which plays that trailer on its page; the trailer leads back', async () => {
    const visitor = new Visitor();
    const [trailer] = (
      await api<{ results: Card[] }>(visitor, '/cms/content/trailers/?page_size=1')
    ).results;
    const { trailerOf } = await detail(visitor, trailer!.id);
    const page = await visitor.open(`/watch/${trailerOf}`);
    expect(linksNamed(page.document, 'Трейлер').map((a) => a.getAttribute('href'))).toEqual([
      `/watch/${trailer!.id}?play=1#player`,
    ]);
    const own = await visitor.open(trailer!.url);
    expect(linksNamed(own.document, 'Трейлер')).toEqual([]);
    expect(linksNamed(own.document, 'К фильму')[0]?.getAttribute('href')).toBe(
      `/watch/${trailerOf}`,
    );
  });

  it('a title without a trailer has no «Трейлер»', async () => {
    const visitor = new Visitor();
    const films = (await api<{ results: Card[] }>(visitor, '/cms/content/movies/?page_size=10'))
      .results;
    let without: Card | undefined;
    for (const film of films)
      if ((await detail(visitor, film.id)).trailers.length === 0) {
        without = film;
        break;
      }
    expect(without).toBeDefined();
    const page = await visitor.open(without!.url);
    expect(linksNamed(page.document, 'Смотреть')).toHaveLength(1);
    expect(linksNamed(page.document, 'Трейлер')).toEqual([]);
  });

  it('rent and buy are links with their prices, to the paywall «Смотреть» leads to', async () => {
    const visitor = new Visitor();
    const rentable = await api<{ results: Card[] }>(
      visitor,
      '/cms/products/rent-hd/content/?page_size=1',
    );
    const film = rentable.results[0]!;
    const { document } = await visitor.open(`/watch/${film.id}`);
    const unlock = document.querySelector('[data-title-unlock]')!;
    const rent = linksNamed(unlock, /^Аренда\sна\s2\sдня\s—\s\d+\s₽$/u);
    const buy = linksNamed(unlock, /^Покупка\sв\sHD\s—\s\d+\s₽\sнавсегда$/u);
    expect(rent).toHaveLength(1);
    expect(buy).toHaveLength(1);
    const watch = linksNamed(document, 'Смотреть')[0]!.getAttribute('href');
    expect(watch).toBe(`/paywall/film?contentId=${film.id}`);
    expect([rent[0]!.getAttribute('href'), buy[0]!.getAttribute('href')]).toEqual([watch, watch]);
  });
});

describe('trailers as 16:9 frames', () => {
  const ratio = (img: Element) =>
    Number(img.getAttribute('width')) / Number(img.getAttribute('height'));

  it('/trailers shows each trailer’s 16:9 backdrop, not a poster', async () => {
    const { document } = await new Visitor().open('/trailers');
    const images = [...document.querySelectorAll('main .card img')];
    expect(images.length).toBeGreaterThan(5);
    expect(images.filter((img) => ratio(img) !== 16 / 9).map((i) => i.outerHTML)).toEqual([]);
    expect(images.every((img) => img.getAttribute('src')!.includes('/background/'))).toBe(true);
  });

  it('a title’s trailers are listed as 16:9 frames linking to them', async () => {
    const visitor = new Visitor();
    const [trailer] = (
      await api<{ results: Card[] }>(visitor, '/cms/content/trailers/?page_size=1')
    ).results;
    const { trailerOf } = await detail(visitor, trailer!.id);
    const { document } = await visitor.open(`/watch/${trailerOf}`);
    const section = document.querySelector('section[aria-labelledby="trailers"]')!;
    const link = section.querySelector(`a[href="/watch/${trailer!.id}"]`);
    expect(link).not.toBeNull();
    const img = link!.querySelector('img')!;
    expect(ratio(img)).toBe(16 / 9);
    expect(img.getAttribute('src')).toContain('/background/');
  });
});
