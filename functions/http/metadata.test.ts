import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

const json = async (path: string, status = 200) => {
  const res = await call(path);
  expect(res.status, path).toBe(status);
  return (await res.json()) as any;
};

describe('metadata, recommendations, seasons and HBO Max availability', () => {
  beforeAll(loadCatalogueFixture);

  it('resolves a watch path, a section and a collection, and 404s the rest', async () => {
    expect(await json('/cms/metadata/resolve/?path=/watch/1')).toEqual({
      kind: 'content',
      path: '/watch/1',
      content: { id: 1, type: 'series', name: 'Тихий город', url: '/watch/1' },
    });
    expect(await json('/cms/metadata/resolve/?path=/series/?sort=new')).toEqual({
      kind: 'section',
      path: '/series',
      section: 'series',
    });
    expect(await json('/cms/metadata/resolve/?path=/collections/na-vecher')).toEqual({
      kind: 'collection',
      path: '/collections/na-vecher',
      slug: 'na-vecher',
    });
    expect((await json('/cms/metadata/resolve/?path=/watch/999', 404)).details.reason).toBe(
      'content_not_found',
    );
    expect((await json('/cms/metadata/resolve/?path=/nowhere', 404)).details.reason).toBe(
      'path_not_found',
    );
    await json('/cms/metadata/resolve/?path=nowhere', 422);
  });

  it('gives the Mediascope tags of a title', async () => {
    expect(await json('/cms/metadata/mediascope/?content_id=2')).toEqual({
      contentId: 2,
      idlc: 'amediateka-movie-2',
      catalogue: 'amediateka',
      type: 'film',
      title: 'Последнее лето',
      ageRating: '12+',
      durationSeconds: 7080,
    });
    await json('/cms/metadata/mediascope/?content_id=999', 404);
  });

  it('recommends titles sharing genres first', async () => {
    const body = await json('/cms/content/recommendations/?content_id=2');
    expect(body.results.map((r: { id: number }) => r.id).slice(0, 2)).toEqual([1, 7]);
    expect(body.results.map((r: { id: number }) => r.id)).not.toContain(2);
    await json('/cms/content/recommendations/', 422);
  });

  it('lists the seasons of a series with https season URLs', async () => {
    const body = await json('/cms/content/seasons/?content_id=1');
    expect(body.results.map((s: { url: string }) => s.url)).toEqual([
      'https://localhost:8787/cms/content/series/1/seasons/1/',
      'https://localhost:8787/cms/content/series/1/seasons/2/',
    ]);
  });

  it('says whether HBO Max is available, following the flag', async () => {
    await env.DB.prepare(
      "INSERT INTO feature_flags (name, enabled) VALUES ('hbo-max-available', 0) ON CONFLICT(name) DO UPDATE SET enabled = 0",
    ).run();
    expect(await json('/cms/content/hbo-max/availability/')).toEqual({ available: false });
    await env.DB.prepare(
      "UPDATE feature_flags SET enabled = 1 WHERE name = 'hbo-max-available'",
    ).run();
    expect(await json('/cms/content/hbo-max/availability/')).toEqual({ available: true });
  });
});
