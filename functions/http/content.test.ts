import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call, RETURNING } from '../test-helpers.ts';

interface Card {
  id: number;
  type: string;
  name: string;
  ageRating: string;
  partner: string;
  assets: { poster: string };
  url: string;
}
interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Card[];
}

const list = async (path: string) => {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return (await res.json()) as Page;
};
const ids = (page: Page) => page.results.map((r) => r.id);

describe('CMS content lists', () => {
  beforeAll(loadCatalogueFixture);

  it('list each type, most popular first, without titles released in the future', async () => {
    expect(ids(await list('/cms/content/movies/'))).toEqual([3, 2, 7]);
    expect(ids(await list('/cms/content/series/'))).toEqual([1]);
    expect(ids(await list('/cms/content/kids/'))).toEqual([4]);
    expect(ids(await list('/cms/content/trailers/'))).toEqual([5]);
  });

  it('answer cards with age label, art and the watch URL', async () => {
    const [card] = (await list('/cms/content/series/')).results;
    expect(card).toMatchObject({
      id: 1,
      type: 'series',
      name: 'Тихий город',
      ageRating: '16+',
      partner: 'hbo-max',
      url: '/watch/1',
      assets: {
        poster: expect.stringMatching(/^\/media\/art\/poster\/1-480\.webp\?v=[0-9a-z]+$/),
        background: expect.stringMatching(/^\/media\/art\/background\/1-1280\.webp\?v=/),
        posterSrcset: expect.stringMatching(/-240\.webp\?v=\w+ 240w, .+-480\.webp\?v=\w+ 480w$/),
      },
    });
  });

  it('sort by new and by rating', async () => {
    expect(ids(await list('/cms/content/movies/?sort=new'))).toEqual([3, 2, 7]);
    expect(ids(await list('/cms/content/movies/?sort=rating'))).toEqual([7, 2, 3]);
  });

  it.each([
    ['genre=drama', [2, 7]],
    ['country=us', [3, 7]],
    ['studio=a24', [3]],
    ['year=1975', [7]],
    ['decade=2010', [2]],
    ['age=12', [2, 7]],
    ['age=16', [2, 7]],
    ['partner=paramount-plus', [7]],
    ['genre=drama&country=RU', [2]],
  ])('filter movies by %s', async (query, expected) => {
    expect(ids(await list(`/cms/content/movies/?${query}`))).toEqual(expected);
  });

  it('paginate with count, next and previous that keep the filters', async () => {
    const first = await list('/cms/content/movies/?genre=drama&page_size=1');
    expect(first).toMatchObject({ count: 2, previous: null });
    expect(first.next).toBe(
      'http://localhost:8787/cms/content/movies/?genre=drama&page_size=1&page=2',
    );
    const second = await list(first.next!.replace('http://localhost:8787', ''));
    expect(ids(second)).toEqual([7]);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('page=1');
    const beyond = await list('/cms/content/movies/?page=9&page_size=1');
    expect(beyond).toMatchObject({ count: 3, next: null, results: [] });
  });

  it('build next and previous on the configured site origin, whatever Host the request names', async () => {
    for (const host of ['http://evil.example', 'http://localhost:9999']) {
      const page = await list(`${host}/cms/content/movies/?genre=drama&page_size=1&page=2`);
      expect(page.previous, host).toBe(
        'http://localhost:8787/cms/content/movies/?genre=drama&page_size=1&page=1',
      );
      const first = await list(`${host}/cms/content/movies/?genre=drama&page_size=1`);
      expect(first.next, host).toMatch(/^http:\/\/localhost:8787\//);
    }
  });

  it("keep one caller's tracking parameters out of the links of a list others share", async () => {
    // A sort no other test asks for: this test fills its own cache entry.
    const tracked = await list(
      '/cms/content/movies/?utm_source=a&gclid=g&genre=drama&sort=rating&page_size=1&page=2',
    );
    expect(tracked.previous).not.toMatch(/utm_source|gclid/);
    const shared = await list('/cms/content/movies/?genre=drama&sort=rating&page_size=1&page=2');
    expect(shared.previous).not.toMatch(/utm_source|gclid/);
    expect(shared.previous).toContain('genre=drama');
  });

  it('list partner titles as special content', async () => {
    expect(ids(await list('/cms/content/special/'))).toEqual([1, 7]);
    expect(ids(await list('/cms/content/special/?partner=hbo-max'))).toEqual([1]);
  });

  it('answer 422 in Russian for bad filters, never a 500', async () => {
    for (const query of [
      'age=13',
      'sort=random',
      'page=0',
      'page_size=500',
      'decade=1995',
      'country=USA',
      'genre=<b>',
      'partner=netflix',
    ]) {
      const res = await call(`/cms/content/movies/?${query}`);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as { message: string; details: { reason: string } };
      expect(body.details.reason).toBe('invalid_query');
      expect(body.message).toMatch(/[а-яё]/i);
    }
  });

  it('carry cache headers and an ETag that answers 304', async () => {
    const res = await call('/cms/content/movies/', { headers: RETURNING });
    expect(res.headers.get('cache-control')).toContain('s-maxage=300');
    const etag = res.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(
      (await call('/cms/content/movies/', { headers: { 'if-none-match': etag! } })).status,
    ).toBe(304);
  });
});

describe('GET /cms/content/{type}/{id}/', () => {
  beforeAll(loadCatalogueFixture);

  it('answers a series with people, taxonomy, seasons with https URLs, products and trailers', async () => {
    const res = await call('/cms/content/series/1/');
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, any>;
    expect(body).toMatchObject({
      id: 1,
      name: 'Тихий город',
      originalName: 'Quiet Town',
      ageRating: '16+',
      year: 2024,
      genres: [{ slug: 'drama', name: 'драма' }],
      countries: [{ code: 'US', name: 'США' }],
      studios: [{ slug: 'hbo', name: 'HBO' }],
      people: {
        actors: [{ name: 'Иван Петров' }, { name: 'Анна Ли' }],
        directors: [{ name: 'Олег Рос' }],
      },
      products: [{ slug: 'hbo-max', buyType: 'SVOD' }],
      trailers: [{ id: 5, url: '/watch/5' }],
    });
    expect(body.seasons).toEqual([
      {
        id: 1,
        number: 1,
        name: 'Сезон 1',
        year: 2024,
        episodes: 3,
        url: 'https://localhost:8787/cms/content/series/1/seasons/1/',
      },
      {
        id: 2,
        number: 2,
        name: 'Сезон 2',
        year: 2025,
        episodes: 2,
        url: 'https://localhost:8787/cms/content/series/1/seasons/2/',
      },
    ]);
  });

  it('accepts singular and plural type names but not the wrong type', async () => {
    expect((await call('/cms/content/movie/2/')).status).toBe(200);
    expect((await call('/cms/content/movies/2')).status).toBe(200);
    const wrong = await call('/cms/content/series/2/');
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({
      message: 'Контент не найден',
      details: { reason: 'content_not_found' },
    });
  });

  it('answers 404 for an unknown id and 403 for content above the requested age', async () => {
    expect((await call('/cms/content/movie/999/')).status).toBe(404);
    expect((await call('/cms/content/movie/3/?age=16')).status).toBe(403);
    expect((await call('/cms/content/movie/3/?age=18')).status).toBe(200);
  });

  it('answers a season with its episodes in order', async () => {
    const res = await call('/cms/content/series/1/seasons/1/');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      content: unknown;
      episodes: { number: number; name: string }[];
    };
    expect(body.content).toEqual({ id: 1, name: 'Тихий город', ageRating: '16+', url: '/watch/1' });
    expect(body.episodes.map((e) => [e.number, e.name])).toEqual([
      [1, 'Приезд'],
      [2, 'Туман'],
      [3, 'Маяк'],
    ]);
    expect((await call('/cms/content/series/1/seasons/9/')).status).toBe(404);
    expect((await call('/cms/content/series/2/seasons/1/')).status).toBe(404);
  });
});
