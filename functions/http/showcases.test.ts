import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

interface Shelf {
  id: number;
  kind: string;
  name: string;
  wide: boolean;
  personal?: boolean;
  items: any[];
}
const get = async (path: string) => {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as any;
};

describe('GET /cms/showcases/...', () => {
  beforeAll(loadCatalogueFixture);

  it('featured: shelves of every kind in order, each filled the way its kind says', async () => {
    const body = await get('/cms/showcases/featured/');
    const shelves = body.shelves as Shelf[];
    expect(shelves.map((s) => s.kind)).toEqual([
      'cw',
      'editors',
      'partner',
      'episodes',
      'blog',
      'nw',
    ]);
    expect(shelves[0]).toMatchObject({ personal: true, items: [] });
    expect(shelves[1]!.items.map((i) => i.id)).toEqual([3, 2]); // the collection, without the unreleased title
    expect(shelves[1]).toMatchObject({ collection: 1, collectionSlug: 'na-vecher' }); // its page: /collections/na-vecher
    expect(shelves[2]).toMatchObject({ collection: null, collectionSlug: null });
    expect(shelves[2]).toMatchObject({ wide: true });
    expect(shelves[2]!.items.map((i) => i.id)).toEqual([1]); // HBO Max titles by popularity, no trailers
    expect(shelves[3]!.items.map((i) => [i.seasonNumber, i.number, i.name])).toEqual([
      [2, 1, 'Возвращение'],
      [1, 3, 'Маяк'],
      [1, 2, 'Туман'],
      [1, 1, 'Приезд'],
    ]);
    expect(shelves[3]!.items[0]).toMatchObject({
      content: { id: 1, name: 'Тихий город' },
      url: '/watch/1?season=2&episode=1#episode-2-1',
    });
    expect(shelves[4]!.items).toEqual([
      { headline: 'Итоги года', url: 'https://blog.amediateka.example/itogi' },
    ]);
  });

  it('respects the age limit inside shelves', async () => {
    const shelves = (await get('/cms/showcases/featured/?age=12')).shelves as Shelf[];
    expect(shelves[1]!.items.map((i) => i.id)).toEqual([2]);
    expect(shelves[3]!.items).toEqual([]);
  });

  it('by slug: a page showcase with explicit items', async () => {
    const body = await get('/cms/showcases/series/');
    expect(body).toMatchObject({ slug: 'series', kind: 'page' });
    expect(body.shelves[0].items.map((i: { id: number }) => i.id)).toEqual([1, 3]);
  });

  it('answers 404 for an unknown showcase and 422 for a malformed slug', async () => {
    const res = await call('/cms/showcases/nope/');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Витрина не найдена',
      details: { reason: 'showcase_not_found' },
    });
    expect((await call('/cms/showcases/BAD_SLUG/')).status).toBe(422);
  });

  it('collections: a paginated list of those with something to show, and one collection with its titles', async () => {
    const list = await get('/cms/showcases/collections/?page_size=1');
    // The empty collection is left out; a count is what the collection shows (one title is not out yet).
    expect(list).toMatchObject({
      count: 1,
      next: null,
      previous: null,
      results: [{ slug: 'na-vecher', name: 'На вечер', count: 2 }],
    });
    const one = await get('/cms/showcases/collections/na-vecher/');
    expect(one).toMatchObject({ slug: 'na-vecher', name: 'На вечер', count: 2 });
    expect(one.results.map((r: { id: number }) => r.id)).toEqual([3, 2]);
    expect((await call('/cms/showcases/collections/nope/')).status).toBe(404);
  });

  it('page banners of a page, in order', async () => {
    const body = await get('/cms/showcases/page-banners/?page=/');
    expect(
      body.results.map((b: { headline: string; content: { id: number } }) => [
        b.headline,
        b.content.id,
      ]),
    ).toEqual([
      ['Новый сезон', 1],
      ['Комедия', 3],
    ]);
    expect((await get('/cms/showcases/page-banners/?page=/kids')).results).toEqual([]);
    expect((await call('/cms/showcases/page-banners/')).status).toBe(422);
  });
});
