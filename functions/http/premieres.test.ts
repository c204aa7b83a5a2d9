import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

describe('premieres and products', () => {
  beforeAll(loadCatalogueFixture);

  it('episodes of the past week and the coming two weeks, soonest first, upcoming marked', async () => {
    const body = (await (await call('/cms/premieres/episodes/')).json()) as { results: any[] };
    expect(body.results.map((r) => [r.name, r.upcoming])).toEqual([
      ['Возвращение', false],
      ['Сделка', true],
    ]);
    expect(body.results[1]).toMatchObject({
      seasonNumber: 2,
      number: 2,
      content: { id: 1 },
      url: '/watch/1?season=2&episode=2#episode-2-2',
    });
  });

  it('seasons whose premiere falls in the window', async () => {
    const body = (await (await call('/cms/premieres/seasons/?days_back=7')).json()) as {
      results: any[];
    };
    expect(body.results.map((r) => [r.name, r.content.name])).toEqual([['Сезон 2', 'Тихий город']]);
    const wider = (await (await call('/cms/premieres/seasons/?days_back=40')).json()) as {
      results: any[];
    };
    expect(wider.results).toHaveLength(2);
  });

  it('premieres keep the age limit and reject a silly window', async () => {
    expect(
      ((await (await call('/cms/premieres/episodes/?age=12')).json()) as { results: [] }).results,
    ).toEqual([]);
    expect((await call('/cms/premieres/episodes/?days_ahead=999')).status).toBe(422);
  });

  it('products list what unlocks titles, and each product its titles', async () => {
    const list = (await (await call('/cms/products/')).json()) as { results: any[] };
    expect(list.results.map((p) => [p.slug, p.buyType, p.titles])).toEqual([
      ['amediateka', 'SVOD', 4],
      ['hbo-max', 'SVOD', 1],
      ['rent', 'TVOD', 1],
    ]);
    const content = (await (await call('/cms/products/amediateka/content/')).json()) as any;
    expect(content.product).toMatchObject({ slug: 'amediateka', buyType: 'SVOD' });
    expect(content.results.map((r: { id: number }) => r.id)).toEqual([3, 2, 4, 7]);
    expect(content.count).toBe(4);
    expect((await call('/cms/products/2/content/')).status).toBe(200);
    expect((await call('/cms/products/nope/content/')).status).toBe(404);
  });
});
