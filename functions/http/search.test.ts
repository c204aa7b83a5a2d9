import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { reindexTitlesSql } from '../db/search-index.ts';
import { ftsQuery } from '../domains/catalogue/search.repo.ts';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call } from '../test-helpers.ts';

const search = async (query: string, extra = '') => {
  const res = await call(`/cms/search/?query=${encodeURIComponent(query)}${extra}`);
  expect(res.status, query).toBe(200);
  return (await res.json()) as {
    count: number;
    next: string | null;
    results: { id: number; name: string }[];
    corrected_query: string | null;
  };
};

const DAY = 86_400;
const released = Math.floor(Date.now() / 1000) - 10 * DAY;

/** More titles beside the fixture's: names that match «город» in each way, and 30 «Сорок …». */
async function addSearchTitles() {
  const title = (id: number, name: string, original: string, description: string, pop: number) =>
    `(${id}, 'search-${id}', 'movie', '${name}', '${original}', '${description}', 2020, 12, 'none', 90, 7.0, ${pop}, NULL, ${released})`;
  const forty = Array.from({ length: 30 }, (_, i) =>
    title(
      100 + i,
      `Сорок ${['дней', 'ночей', 'зим'][i % 3]} ${i + 1}`,
      `Forty ${i + 1}`,
      'Фильм.',
      i,
    ),
  );
  const statements = [
    `INSERT INTO titles (id, slug, type, name, original_name, description, year, age_rating, partner, duration_min, rating, popularity, trailer_of, released_at) VALUES
      ${title(8, 'Город', 'The Town', 'Фильм.', 10)},
      ${title(9, 'Город грехов', 'Sin Town', 'Фильм.', 20)},
      ${title(10, 'Маяк', 'Lighthouse', 'История одного города.', 950)},
      ${title(11, 'Мой Город: Ночь', 'My Town', 'Фильм.', 5)},
      ${forty.join(',\n')}`,
    ...reindexTitlesSql(),
  ];
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

/** Every page of a search, following `next`, as the ids in order. */
async function allPages(query: string, pageSize: number) {
  const ids: number[] = [];
  let url: string | null = `/cms/search/?query=${encodeURIComponent(query)}&page_size=${pageSize}`;
  let count = -1;
  while (url) {
    const res = await call(url.replace(/^https?:\/\/[^/]+/, ''));
    const body = (await res.json()) as Awaited<ReturnType<typeof search>>;
    count = body.count;
    ids.push(...body.results.map((r) => r.id));
    url = body.next;
  }
  return { ids, count };
}

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

  it('finds a word typed on the other keyboard layout, and says what it searched', async () => {
    const direct = await search('тихий');
    const switched = await search('nb[bq');
    expect(switched.results.map((r) => r.id)).toEqual(direct.results.map((r) => r.id));
    expect(switched.corrected_query).toBe('тихий');
    expect(direct.corrected_query).toBeNull();
    // An English name typed on the Russian layout.
    const quiet = await search('йгшуе');
    expect(quiet.results.map((r) => r.id)).toEqual([1]);
    expect(quiet.corrected_query).toBe('quiet');
  });

  it('corrects a typo against the names: one letter off, a swapped pair, two off in a long word', async () => {
    for (const [typed, meant] of [
      ['тхий', 'тихий'],
      ['тиихй', 'тихий'],
      ['лисинок', 'лисенок'],
      ['пследнее лето', 'последнее лето'],
      ['посдеднеи', 'последнее'],
    ] as const) {
      const found = await search(typed);
      const right = await search(meant);
      expect(right.count, meant).toBeGreaterThan(0);
      expect(
        found.results.map((r) => r.id),
        typed,
      ).toEqual(right.results.map((r) => r.id));
      expect(found.corrected_query, typed).toBe(meant);
    }
    // Too far from any name, or too short to guess: nothing, and no correction claimed.
    for (const typed of ['тхйи', 'тх', 'zzqxjw']) {
      const found = await search(typed);
      expect(found.count, typed).toBe(0);
      expect(found.corrected_query, typed).toBeNull();
    }
  });

  it('offers popular titles before anything is typed', async () => {
    const res = await call('/cms/search/preset/');
    const body = (await res.json()) as { results: { id: number }[] };
    expect(body.results.map((r) => r.id)).toEqual([1, 3, 2, 4, 7]);
  });
});

describe('GET /cms/search/ with a larger catalogue', () => {
  beforeAll(async () => {
    await loadCatalogueFixture();
    await addSearchTitles();
  });

  it('ranks the exact name first, then names that begin with the words, then names with the words, then the rest', async () => {
    const found = await search('город');
    // 8 «Город», 9 «Город грехов», then names with the word (1 «Тихий город», 11 «Мой Город: Ночь»,
    // by relevance), then 10 «Маяк» whose description mentions it, although it is the most popular.
    expect(found.results.map((r) => r.id).slice(0, 2)).toEqual([8, 9]);
    expect(
      found.results
        .map((r) => r.id)
        .slice(2, 4)
        .sort(),
    ).toEqual([1, 11]);
    expect(found.results.map((r) => r.id).at(-1)).toBe(10);
    expect(found.count).toBe(5);
    // Punctuation and case in the name do not matter: «мой город ночь» is that name exactly.
    expect((await search('мой город ночь')).results.map((r) => r.id)[0]).toBe(11);
    expect((await search('МОЙ ГОР')).results.map((r) => r.id)[0]).toBe(11);
  });

  it('pages through every result the count promises, each once', async () => {
    const { ids, count } = await allPages('сорок', 7);
    expect(count).toBe(30);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    // Page past the end: no results, the same count, no next page.
    const past = await search('сорок', '&page=9&page_size=7');
    expect(past.results).toEqual([]);
    expect(past.count).toBe(30);
    expect(past.corrected_query).toBeNull();
  });

  it('a typo or the other layout pages through the same results as the word itself', async () => {
    const right = await allPages('сорок', 12);
    for (const typed of ['сарок', 'cjhjr', 'cfhjr']) {
      const found = await allPages(typed, 12);
      expect(found.count, typed).toBe(30);
      expect(found.ids, typed).toEqual(right.ids);
    }
    expect((await search('cfhjr')).corrected_query).toBe('сорок');
  });
});
