import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

const results = async (path: string) => {
  const res = await call(path);
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { results: unknown[] }).results;
};

describe('GET /cms/catalogue/{facet}/', () => {
  beforeAll(loadCatalogueFixture);

  it('lists genres, countries and studios with the number of released titles', async () => {
    expect(await results('/cms/catalogue/genres/')).toEqual([
      { slug: 'drama', name: 'драма', count: 3 },
      { slug: 'comedy', name: 'комедия', count: 1 },
      { slug: 'cartoon', name: 'мультфильм', count: 1 },
    ]);
    expect(await results('/cms/catalogue/countries/')).toEqual([
      { code: 'RU', name: 'Россия', count: 2 },
      { code: 'US', name: 'США', count: 3 },
    ]);
    expect(await results('/cms/catalogue/studios/')).toEqual([
      { slug: 'a24', name: 'A24', count: 1 },
      { slug: 'hbo', name: 'HBO', count: 1 },
    ]);
  });

  it('lists years and decades, newest first, without future releases or trailers', async () => {
    expect(await results('/cms/catalogue/years/')).toEqual([
      { year: 2024, count: 1 },
      { year: 2023, count: 1 },
      { year: 2021, count: 1 },
      { year: 2019, count: 1 },
      { year: 1975, count: 1 },
    ]);
    expect(await results('/cms/catalogue/decades/')).toEqual([
      { decade: 2020, count: 3 },
      { decade: 2010, count: 1 },
      { decade: 1970, count: 1 },
    ]);
  });

  it('answers 404 in the envelope for an unknown facet', async () => {
    const res = await call('/cms/catalogue/moods/');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { details: { reason: string } }).details.reason).toBe(
      'not_found',
    );
  });
});
