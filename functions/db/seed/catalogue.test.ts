import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { SHELF_KINDS } from '../../shared/catalogue.ts';
import { moscowMidnight } from './catalogue/clock.ts';
import { catalogueRows, catalogueSql, catalogueStatements } from './catalogue/index.ts';

async function load() {
  await env.DB.batch(catalogueStatements().map((s) => env.DB.prepare(s)));
}

async function count(sql: string): Promise<number> {
  const row = await env.DB.prepare(sql).first<{ n: number }>();
  return row!.n;
}

const countsQuery = `SELECT (SELECT count(*) FROM titles) || '/' || (SELECT count(*) FROM episodes) || '/' ||
  (SELECT count(*) FROM tv_programmes) || '/' || (SELECT count(*) FROM title_people) || '/' ||
  (SELECT count(*) FROM shelf_items) || '/' || (SELECT count(*) FROM titles_search) AS n`;

describe('the generated catalogue', () => {
  it('is byte-identical on every run and moves with the reference day', () => {
    expect(catalogueSql()).toBe(catalogueSql());
    expect(catalogueSql({ reference: '2027-01-10' })).not.toBe(catalogueSql());
  });

  it('loads into D1 with the acceptance counts, and loading it again changes nothing', async () => {
    await load();
    const first = await count(countsQuery);
    expect(await count('SELECT count(*) AS n FROM titles')).toBeGreaterThanOrEqual(500);
    expect(
      await count("SELECT count(*) AS n FROM titles WHERE type = 'series'"),
    ).toBeGreaterThanOrEqual(60);
    expect(
      await count(
        "SELECT count(*) AS n FROM titles WHERE type = 'kids' AND age_rating NOT IN (0, 6)",
      ),
    ).toBe(0);
    expect(await count('SELECT count(*) AS n FROM episodes')).toBeGreaterThanOrEqual(3000);
    expect(await count('SELECT count(DISTINCT age_rating) AS n FROM titles')).toBe(5);
    expect(await count('SELECT count(DISTINCT partner) AS n FROM titles')).toBe(5);
    expect(await count('SELECT count(*) AS n FROM people')).toBeGreaterThanOrEqual(600);
    expect(await count('SELECT count(*) AS n FROM tv_channels')).toBe(30);
    expect(
      await count(
        "SELECT count(*) AS n FROM titles WHERE type != 'trailer' AND id NOT IN (SELECT title_id FROM title_products)",
      ),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM titles WHERE type = 'trailer' AND trailer_of NOT IN (SELECT id FROM titles WHERE type != 'trailer')",
      ),
    ).toBe(0);
    expect(
      await count(
        'SELECT min(n) AS n FROM (SELECT count(*) AS n FROM collection_items GROUP BY collection_id)',
      ),
    ).toBeGreaterThanOrEqual(12);
    expect(await count('SELECT count(*) AS n FROM collections')).toBeGreaterThanOrEqual(12);

    await load();
    expect(await count(countsQuery)).toBe(first);
  });

  it('has every shelf kind on the main showcase, and shelves that need items have them', async () => {
    await load();
    const kinds = await env.DB.prepare(
      "SELECT DISTINCT s.kind FROM shelves s JOIN showcases c ON c.id = s.showcase_id WHERE c.slug = 'main' AND c.kind = 'featured'",
    ).all<{ kind: string }>();
    expect(kinds.results.map((k) => k.kind).sort()).toEqual([...SHELF_KINDS].sort());
    expect(
      await count(`SELECT count(*) AS n FROM shelves s WHERE s.kind IN ('partner', 'blog', 'episodes')
      AND NOT EXISTS (SELECT 1 FROM shelf_items i WHERE i.shelf_id = s.id)`),
    ).toBe(0);
    expect(
      await count(`SELECT count(*) AS n FROM shelves s WHERE s.kind = 'editors' AND s.collection_id IS NULL
      AND NOT EXISTS (SELECT 1 FROM shelf_items i WHERE i.shelf_id = s.id)`),
    ).toBe(0);
    expect(
      await count(
        "SELECT count(*) AS n FROM shelf_items WHERE url IS NOT NULL AND url NOT LIKE 'https://blog.amediateka.example/%'",
      ),
    ).toBe(0);
    for (const slug of [
      'series',
      'movies',
      'kids',
      'hbo-max',
      'dazn',
      'kino1tv',
      'paramount-plus',
      'trailers',
      'current',
    ]) {
      expect(
        await count(
          `SELECT count(*) AS n FROM shelves s JOIN showcases c ON c.id = s.showcase_id WHERE c.slug = '${slug}'`,
        ),
      ).toBeGreaterThan(1);
    }
    for (const page of ['/', '/series', '/movies', '/kids', '/hbo-max']) {
      expect(
        await count(`SELECT count(*) AS n FROM page_banners WHERE page = '${page}'`),
      ).toBeGreaterThanOrEqual(2);
    }
  });

  it("makes each series' first episode and the first three channels free, also in a database seeded before the flags", async () => {
    await load();
    const freeEpisodes = `SELECT count(*) AS n FROM episodes e JOIN seasons s ON s.id = e.season_id
      WHERE e.free = 1 AND s.number = 1 AND e.number = 1`;
    const series = await count("SELECT count(*) AS n FROM titles WHERE type = 'series'");
    expect(await count(freeEpisodes)).toBe(series);
    expect(await count('SELECT count(*) AS n FROM episodes WHERE free = 1')).toBe(series);
    const positions = await env.DB.prepare(
      'SELECT group_concat(position) AS p FROM (SELECT position FROM tv_channels WHERE free = 1 ORDER BY position)',
    ).first<{ p: string }>();
    expect(positions?.p).toBe('1,2,3');
    // An older seed: the rows are there, the flags are not; seeding again sets them.
    await env.DB.batch([
      env.DB.prepare('UPDATE episodes SET free = 0'),
      env.DB.prepare('UPDATE tv_channels SET free = 0'),
    ]);
    await load();
    expect(await count(freeEpisodes)).toBe(series);
    expect(await count('SELECT count(*) AS n FROM tv_channels WHERE free = 1')).toBe(3);
  });

  it('gives every channel contiguous programmes from 20 to 30 November (Moscow)', async () => {
    await load();
    const from = moscowMidnight('2026-11-20');
    const to = moscowMidnight('2026-11-30');
    const rows = await env.DB.prepare(
      'SELECT channel_id, starts_at, ends_at FROM tv_programmes ORDER BY channel_id, starts_at',
    ).all<{ channel_id: number; starts_at: number; ends_at: number }>();
    const byChannel = Map.groupBy(rows.results, (r) => r.channel_id);
    expect(byChannel.size).toBe(30);
    for (const programmes of byChannel.values()) {
      expect(programmes[0]!.starts_at).toBeLessThanOrEqual(from);
      expect(programmes.at(-1)!.ends_at).toBeGreaterThanOrEqual(to);
      programmes.forEach((p, i) => {
        const minutes = (p.ends_at - p.starts_at) / 60;
        expect(minutes).toBeGreaterThanOrEqual(20);
        expect(minutes).toBeLessThanOrEqual(150);
        if (i > 0) expect(p.starts_at).toBe(programmes[i - 1]!.ends_at);
      });
    }
  });

  it('finds a title by a prefix of its Russian name, whether typed with ё or е', async () => {
    await load();
    const withYo = catalogueRows().titles.find(
      (t) => t.type !== 'trailer' && /^[А-ЯЁ][а-яё]*ё/.test(t.name),
    )!;
    const word = withYo.name.split(' ')[0]!;
    const prefix = word
      .slice(0, word.indexOf('ё') + 2)
      .toLowerCase()
      .replace(/ё/g, 'е');
    const found = await env.DB.prepare(
      'SELECT rowid AS id FROM titles_search WHERE titles_search MATCH ?1',
    )
      .bind(`name:${prefix}*`)
      .all<{ id: number }>();
    expect(found.results.map((r) => r.id)).toContain(withYo.id);
    const people = await env.DB.prepare('SELECT people FROM titles_search WHERE rowid = ?1')
      .bind(withYo.id)
      .first<{ people: string }>();
    expect(people!.people.length).toBeGreaterThan(10);
  });

  it('releases some titles in the last 14 days and a few in the next 14, relative to the reference day', () => {
    const reference = moscowMidnight('2026-11-23');
    const titles = catalogueRows().titles.filter((t) => t.type !== 'trailer');
    expect(
      titles.filter((t) => t.released_at <= reference && t.released_at > reference - 14 * 86400)
        .length,
    ).toBeGreaterThan(5);
    expect(
      titles.filter((t) => t.released_at > reference && t.released_at <= reference + 14 * 86400)
        .length,
    ).toBeGreaterThan(1);
    expect(Math.min(...titles.map((t) => t.year))).toBeLessThan(1980);
    expect(Math.max(...titles.map((t) => t.rating ?? 0))).toBeLessThanOrEqual(9.2);
  });
});
