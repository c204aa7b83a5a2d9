import { env } from 'cloudflare:workers';
import { beforeEach, expect, it } from 'vitest';
import type { Viewer } from '../../access/index.ts';
import { sitemapEntries } from './index.ts';
import { loadCatalogueFixture } from './test-fixtures.ts';

/**
 * The sitemap's dates (migration 0022): a change to what a page shows, made in D1 as the CMS or
 * the seed would make it, moves that page's date; nothing else does.
 */

const DAY = 86_400;
const LONG_AGO = 1_000;
const now = () => Math.floor(Date.now() / 1000);
const guest: Viewer = {
  account: null,
  profile: null,
  isKid: false,
  ageLimit: undefined,
  regionGroup: 'cis',
  device: 'desktop',
  ip: '203.0.113.1',
};
const exec = (...statements: string[]) => env.DB.batch(statements.map((s) => env.DB.prepare(s)));
const titleDate = async (id: number, at = now()) =>
  (await sitemapEntries(guest, at)).titles.find((t) => t.id === id)?.changedAt;

beforeEach(async () => {
  await loadCatalogueFixture();
  await exec(
    'DELETE FROM tv_channels',
    "INSERT INTO tv_channels (id, slug, name, position) VALUES (1, 'kino-hd', 'Кино HD', 1)",
    "INSERT INTO tech_pages (slug, title, sections) VALUES ('faq', 'Вопросы', '[]') ON CONFLICT DO NOTHING",
    "INSERT INTO collections (id, slug, name, position) VALUES (3, 'vecher', 'Вечер', 3)",
    'INSERT INTO collection_items (collection_id, title_id, position) VALUES (3, 2, 1)',
    // Every date far back, set as a writer that dates its own change would.
    `UPDATE titles SET updated_at = ${LONG_AGO}, released_at = min(released_at, ${LONG_AGO})`,
    `UPDATE collections SET updated_at = ${LONG_AGO}`,
    `UPDATE tv_channels SET updated_at = ${LONG_AGO}`,
    `UPDATE tech_pages SET updated_at = ${LONG_AGO}`,
  );
});

it('a title added to the catalogue is dated when it was added', async () => {
  const start = now();
  await exec(
    "INSERT INTO titles (id, slug, type, name, year, age_rating, released_at) VALUES (8, 'novyj', 'movie', 'Новый', 2026, 12, 1000)",
  );
  expect(await titleDate(8)).toBeGreaterThanOrEqual(start);
});

it('a title’s date moves when its text, genres or trailers change, not when its popularity does', async () => {
  await exec('UPDATE titles SET popularity = popularity + 1 WHERE id = 2');
  expect(await titleDate(2)).toBe(LONG_AGO);
  const start = now();
  await exec("UPDATE titles SET description = 'Новое описание.' WHERE id = 2");
  expect(await titleDate(2)).toBeGreaterThanOrEqual(start);
  await exec('INSERT INTO title_genres (title_id, genre_id) VALUES (3, 3)');
  expect(await titleDate(3)).toBeGreaterThanOrEqual(start);
  await exec(
    "INSERT INTO titles (id, slug, type, name, year, age_rating, trailer_of, released_at) VALUES (9, 'smeh-trailer', 'trailer', 'Смех — трейлер', 2023, 18, 4, 1000)",
  );
  expect(await titleDate(4)).toBeGreaterThanOrEqual(start);
});

it('a series is dated by its newest episode out, and moves when an episode is added', async () => {
  const { results } = await env.DB.prepare(
    'SELECT released_at AS at FROM episodes WHERE title_id = 1 ORDER BY released_at',
  ).all<{ at: number }>();
  const at = now();
  const out = results.filter((e) => e.at <= at).map((e) => e.at);
  const coming = results.find((e) => e.at > at)!.at;
  expect(await titleDate(1, at)).toBe(Math.max(...out));
  // Once the coming episode is out, the page shows it.
  expect(await titleDate(1, coming + 1)).toBe(coming);
  await exec(
    `INSERT INTO episodes (id, season_id, title_id, number, name, duration_min, released_at) VALUES (6, 2, 1, 3, 'Финал', 50, ${coming + 7 * DAY})`,
  );
  expect(await titleDate(1, at)).toBeGreaterThanOrEqual(at);
});

it('a collection and a tech page move when what their page shows changes', async () => {
  const before = await sitemapEntries(guest, now());
  expect(before.collections.find((c) => c.slug === 'vecher')?.changedAt).toBe(LONG_AGO);
  expect(before.techPages.get('faq')).toBe(LONG_AGO);
  const start = now();
  await exec(
    'INSERT INTO collection_items (collection_id, title_id, position) VALUES (3, 3, 2)',
    `UPDATE tech_pages SET sections = '[{"heading":"Оплата","items":[]}]' WHERE slug = 'faq'`,
  );
  const after = await sitemapEntries(guest, now());
  expect(after.collections.find((c) => c.slug === 'vecher')?.changedAt).toBeGreaterThanOrEqual(
    start,
  );
  expect(after.techPages.get('faq')).toBeGreaterThanOrEqual(start);
});

it('a channel is dated by the programme on air, and moves when its facts change', async () => {
  const at = now();
  await exec(
    `INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name) VALUES (1, ${at - 600}, ${at + 600}, 'Новости'), (1, ${at + 600}, ${at + 1200}, 'Погода')`,
  );
  expect((await sitemapEntries(guest, at)).channels[0]?.changedAt).toBe(at - 600);
  expect((await sitemapEntries(guest, at + 700)).channels[0]?.changedAt).toBe(at + 600);
  await exec("UPDATE tv_channels SET description = 'Новости круглосуточно' WHERE id = 1");
  const renamed = (await sitemapEntries(guest, now())).channels[0]?.changedAt;
  expect(renamed).toBeGreaterThanOrEqual(at);
});

it('a section is dated by the newest of what it lists, the home page by the newest of all', async () => {
  await exec(
    `UPDATE titles SET updated_at = ${LONG_AGO + 50} WHERE id = 3`,
    `UPDATE titles SET updated_at = ${LONG_AGO + 70} WHERE id = 4`,
    `UPDATE tv_channels SET updated_at = ${LONG_AGO + 90}`,
  );
  const { sections, titles } = await sitemapEntries(guest, now());
  // The HBO Max series, dated by its newest episode out.
  const series = titles.find((t) => t.id === 1)!.changedAt;
  expect(sections.get('/series')).toBe(series);
  expect(sections.get('/hbo-max')).toBe(series);
  expect(sections.get('/movies')).toBe(LONG_AGO + 50);
  expect(sections.get('/kids')).toBe(LONG_AGO + 70);
  expect(sections.get('/tv')).toBe(LONG_AGO + 90);
  expect(sections.get('/collections')).toBe(LONG_AGO);
  expect(sections.get('/')).toBe(Math.max(series, LONG_AGO + 90));
  expect(titles.map((t) => t.type)).not.toContain('trailer');
});
