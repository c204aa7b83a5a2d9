import { beforeAll, describe, expect, it } from 'vitest';
import { ftsQuery } from '../domains/catalogue/search.repo.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

const search = async (query: string, extra = '') => {
  const res = await call(`/cms/search/?query=${encodeURIComponent(query)}${extra}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as { count: number; results: { id: number; name: string }[] };
};

describe('GET /cms/search/', () => {
  beforeAll(loadCatalogueFixture);

  it('finds titles by a prefix of a word of the name, any case', async () => {
    expect((await search('тих')).results.map((r) => r.name)).toEqual(['Тихий город']);
    expect((await search('ГОРОД')).results.map((r) => r.id)).toEqual([1]);
  });

  it('folds ё into е both ways', async () => {
    expect((await search('лисенок')).results.map((r) => r.id)).toEqual([4]);
    expect((await search('лисёнок')).results.map((r) => r.id)).toEqual([4]);
  });

  it('finds by the original name, by people and by description words', async () => {
    expect((await search('quiet')).results.map((r) => r.id)).toEqual([1]);
    expect((await search('анна')).results.map((r) => r.id).sort()).toEqual([1, 2]);
    expect((await search('взрослении')).results.map((r) => r.id)).toEqual([2]);
  });

  it('needs every word, and never shows trailers, future releases or content above the age', async () => {
    expect((await search('тихий лето')).count).toBe(0);
    expect((await search('будущее')).count).toBe(0);
    expect((await search('смех')).count).toBe(1);
    expect((await search('смех', '&age=16')).count).toBe(0);
  });

  it('treats FTS syntax as plain words', async () => {
    expect((await search('"тих" OR NEAR(*)')).count).toBe(0);
    expect(ftsQuery('a" OR b')).toBe('"a"* AND "or"* AND "b"*');
    expect(ftsQuery('!!!')).toBeNull();
  });

  it('answers 422 in Russian without a query', async () => {
    for (const q of ['', '?query=', `?query=${'a'.repeat(101)}`]) {
      const res = await call(`/cms/search/${q}`);
      expect(res.status, q).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(/[а-яё]/i);
    }
  });

  it('offers popular titles before anything is typed', async () => {
    const res = await call('/cms/search/preset/');
    const body = (await res.json()) as { results: { id: number }[] };
    expect(body.results.map((r) => r.id)).toEqual([1, 3, 2, 4, 7]);
  });
});
