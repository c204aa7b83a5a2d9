import { type Viewer, visibleShelves, visibleTitles } from '../../access/index.ts';
import { batch, type Results, run } from '../../db/run.ts';
import { and, bool, raw, rows, type Sql, sql, where } from '../../db/sql.ts';
import type { Partner, ShelfKind } from '../../shared/catalogue.ts';
import { cardColumns, type EpisodeCardRow, episodeCardColumns } from './content.repo.ts';
import type { TitleRow } from './content-dto.ts';

/** Items per shelf in a showcase answer; a shelf's own page lists the rest. */
export const SHELF_LIMIT = 20;

/** Released titles the viewer may see. */
const visible = (viewer: Viewer): Sql =>
  and(sql`titles.released_at <= unixepoch()`, visibleTitles(viewer));

/** A row of showcases. */
export interface Showcase {
  id: number;
  slug: string;
  name: string;
  kind: 'featured' | 'current' | 'page';
}

/** A row of shelves with its collection's slug. */
export interface Shelf {
  id: number;
  showcaseId: number;
  kind: ShelfKind;
  name: string;
  position: number;
  collectionId: number | null;
  partner: Exclude<Partner, 'none'> | null;
  wide: boolean;
  collectionSlug: string | null;
}

/** An explicit shelf item: a title (card columns) or, for blog shelves, a headline and a link. */
export type ShelfItemRow = {
  shelfId: number;
  position: number;
  headline: string | null;
  url: string | null;
} & ({ [K in keyof TitleRow]: TitleRow[K] | null } | TitleRow);

/** A collection's or a partner's title on a shelf, ranked within it. */
export type RankedRow = TitleRow & { shelfId: number; rank: number };

/** Where a showcase is looked up: by kind (featured, current) or by slug. */
export type ShowcaseKey = { kind: 'featured' | 'current' } | { slug: string };

/**
 * The queries of a showcase with its shelves and up to 20 items per shelf (see `toShowcase`):
 * explicit shelf items, collection items of editors' shelves, a partner's most popular titles,
 * new episodes. Pages batch them with their other reads.
 */
export function showcaseQueries(d: D1Database, key: ShowcaseKey, viewer: Viewer) {
  const showcaseId =
    'kind' in key
      ? sql`(SELECT id FROM showcases WHERE kind = ${key.kind} ORDER BY id LIMIT 1)`
      : sql`(SELECT id FROM showcases WHERE slug = ${key.slug})`;
  const ranked = (partition: string, order: string) =>
    `row_number() OVER (PARTITION BY ${partition} ORDER BY ${order})`;
  return [
    rows<Showcase>(
      d,
      sql`SELECT id, slug, name, kind FROM showcases WHERE showcases.id = ${showcaseId}`,
    ),
    rows<Shelf>(
      d,
      sql`SELECT shelves.id, shelves.showcase_id AS "showcaseId", shelves.kind, shelves.name,
            shelves.position, shelves.collection_id AS "collectionId", shelves.partner, shelves.wide,
            (SELECT collections.slug FROM collections WHERE collections.id = shelves.collection_id) AS "collectionSlug"
          FROM shelves ${where(sql`shelves.showcase_id = ${showcaseId}`, visibleShelves(viewer))}
          ORDER BY shelves.position`,
      (r) => ({ ...(r as unknown as Shelf), wide: bool(r.wide) }),
    ),
    rows<ShelfItemRow>(
      d,
      sql`SELECT shelf_items.shelf_id AS "shelfId", shelf_items.position, shelf_items.headline,
            shelf_items.url, ${cardColumns}
          FROM shelf_items LEFT JOIN titles ON titles.id = shelf_items.title_id
          WHERE shelf_items.shelf_id IN (SELECT id FROM shelves WHERE showcase_id = ${showcaseId})
            AND shelf_items.episode_id IS NULL AND (shelf_items.url IS NOT NULL OR ${visible(viewer)})
          ORDER BY shelf_items.shelf_id, shelf_items.position`,
    ),
    rows<RankedRow>(
      d,
      sql`SELECT shelves.id AS "shelfId", ${raw(ranked('shelves.id', 'collection_items.position'))} AS rank, ${cardColumns}
          FROM shelves
          JOIN collection_items ON collection_items.collection_id = shelves.collection_id
          JOIN titles ON titles.id = collection_items.title_id
          ${where(sql`shelves.showcase_id = ${showcaseId} AND shelves.kind = 'editors'`, visible(viewer))}`,
    ),
    rows<RankedRow>(
      d,
      sql`SELECT shelves.id AS "shelfId", ${raw(ranked('shelves.id', 'titles.popularity DESC'))} AS rank, ${cardColumns}
          FROM shelves
          JOIN titles ON titles.partner = shelves.partner AND titles.type != 'trailer'
          ${where(sql`shelves.showcase_id = ${showcaseId} AND shelves.kind = 'partner'`, visible(viewer))}`,
    ),
    rows<EpisodeCardRow>(
      d,
      sql`SELECT ${episodeCardColumns}
          FROM episodes
          JOIN seasons ON seasons.id = episodes.season_id
          JOIN titles ON titles.id = episodes.title_id
          ${where(
            sql`episodes.released_at <= unixepoch() AND EXISTS (SELECT 1 FROM shelves WHERE showcase_id = ${showcaseId} AND kind = 'episodes')`,
            visible(viewer),
          )}
          ORDER BY episodes.released_at DESC, episodes.id DESC
          LIMIT ${SHELF_LIMIT}`,
    ),
  ] as const;
}

/** A showcase from the rows of `showcaseQueries`; undefined when there is none. */
export function toShowcase([
  showcaseRows,
  shelfRows,
  itemRows,
  collectionRows,
  partnerRows,
  episodeRows,
]: Results<ReturnType<typeof showcaseQueries>>) {
  const showcase = showcaseRows[0];
  if (!showcase) return undefined;
  return {
    showcase,
    shelves: shelfRows,
    items: itemRows,
    collectionItems: collectionRows.filter((r) => r.rank <= SHELF_LIMIT),
    partnerItems: partnerRows.filter((r) => r.rank <= SHELF_LIMIT),
    episodes: episodeRows,
  };
}

export type FoundShowcase = NonNullable<ReturnType<typeof toShowcase>>;

/** A showcase with its shelves and their items, in one batched round trip. */
export async function findShowcase(d: D1Database, key: ShowcaseKey, viewer: Viewer) {
  return toShowcase(await batch(d, showcaseQueries(d, key, viewer)));
}

/**
 * A collection has something for the viewer: a released title they may see. Lists and the sitemap
 * leave the others out (a Paramount+ collection outside the CIS, one not filled in yet).
 */
export const collectionShowsSomething = (viewer: Viewer) =>
  sql`EXISTS (SELECT 1 FROM collection_items ci JOIN titles ON titles.id = ci.title_id WHERE ci.collection_id = collections.id AND ${visible(viewer)})`;

/**
 * The collections with something for the viewer, with how many of their titles they may see and
 * the ids of the first three of those (`covers`: the cover fans their posters out).
 */
export async function listCollections(d: D1Database, viewer: Viewer) {
  const found = await run(
    rows<{
      id: number;
      slug: string;
      name: string;
      description: string;
      count: number;
      coverIds: string | null;
    }>(
      d,
      sql`SELECT collections.id, collections.slug, collections.name, collections.description,
            (SELECT count(*) FROM collection_items ci JOIN titles ON titles.id = ci.title_id
             WHERE ci.collection_id = collections.id AND ${visible(viewer)}) AS count,
            (SELECT group_concat(id) FROM (SELECT titles.id FROM collection_items ci JOIN titles ON titles.id = ci.title_id
             WHERE ci.collection_id = collections.id AND ${visible(viewer)} ORDER BY ci.position LIMIT 3)) AS "coverIds"
          FROM collections WHERE ${collectionShowsSomething(viewer)}
          ORDER BY collections.position, collections.id`,
    ),
  );
  return found.map(({ coverIds, ...c }) => ({
    ...c,
    covers: coverIds ? coverIds.split(',').map(Number) : [],
  }));
}

/** A row of collections. */
export interface Collection {
  id: number;
  slug: string;
  name: string;
  description: string;
  position: number;
}

/** A collection and its titles, in order. */
export async function findCollection(d: D1Database, slug: string, viewer: Viewer) {
  const [found, items] = await batch(d, [
    rows<Collection>(
      d,
      sql`SELECT id, slug, name, description, position FROM collections WHERE collections.slug = ${slug}`,
    ),
    rows<TitleRow>(
      d,
      sql`SELECT ${cardColumns} FROM collection_items
          JOIN titles ON titles.id = collection_items.title_id
          ${where(
            sql`collection_items.collection_id = (SELECT id FROM collections WHERE slug = ${slug})`,
            visible(viewer),
          )}
          ORDER BY collection_items.position`,
    ),
  ]);
  return found[0] && { collection: found[0], items };
}

/** A page banner with its title as a card. */
export interface BannerRow extends TitleRow {
  bannerId: number;
  headline: string;
  text: string;
  position: number;
}

/** The query of a page's banners (hero of `/`, `/series`…), in order. */
export function bannersQuery(d: D1Database, page: string, viewer: Viewer) {
  return rows<BannerRow>(
    d,
    sql`SELECT page_banners.id AS "bannerId", page_banners.headline, page_banners.text,
          page_banners.position, ${cardColumns}
        FROM page_banners JOIN titles ON titles.id = page_banners.title_id
        ${where(sql`page_banners.page = ${page}`, visible(viewer))}
        ORDER BY page_banners.position`,
  );
}

export async function findBanners(d: D1Database, page: string, viewer: Viewer) {
  return run(bannersQuery(d, page, viewer));
}
