import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { type Viewer, visibleShelves, visibleTitles } from '../../access/index.ts';
import {
  collectionItems,
  collections,
  episodes,
  pageBanners,
  seasons,
  shelfItems,
  shelves,
  showcases,
  titles,
} from '../../db/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';
import { cardColumns, episodeCardColumns } from './content.repo.ts';

/** Items per shelf in a showcase answer; a shelf's own page lists the rest. */
export const SHELF_LIMIT = 20;

/** Released titles the viewer may see. */
const visible = (viewer: Viewer) =>
  and(sql`titles.released_at <= unixepoch()`, visibleTitles(viewer)) as SQL;

/** Where a showcase is looked up: by kind (featured, current) or by slug. */
export type ShowcaseKey = { kind: 'featured' | 'current' } | { slug: string };

/**
 * The queries of a showcase with its shelves and up to 20 items per shelf (see `toShowcase`):
 * explicit shelf items, collection items of editors' shelves, a partner's most popular titles,
 * new episodes. Pages batch them with their other reads.
 */
export function showcaseQueries(db: Db, key: ShowcaseKey, viewer: Viewer) {
  const showcaseId =
    'kind' in key
      ? sql`(SELECT id FROM showcases WHERE kind = ${key.kind} ORDER BY id LIMIT 1)`
      : sql`(SELECT id FROM showcases WHERE slug = ${key.slug})`;
  const ranked = (partition: SQL, order: SQL) =>
    sql<number>`row_number() OVER (PARTITION BY ${partition} ORDER BY ${order})`;
  return [
    db.select().from(showcases).where(sql`showcases.id = ${showcaseId}`),
    db
      .select({
        ...getTableColumns(shelves),
        collectionSlug: sql<
          string | null
        >`(SELECT collections.slug FROM collections WHERE collections.id = shelves.collection_id)`.as(
          'collection_slug',
        ),
      })
      .from(shelves)
      .where(and(sql`shelves.showcase_id = ${showcaseId}`, visibleShelves(viewer)))
      .orderBy(asc(shelves.position)),
    db
      .select({
        shelfId: shelfItems.shelfId,
        position: shelfItems.position,
        headline: shelfItems.headline,
        url: shelfItems.url,
        ...cardColumns,
      })
      .from(shelfItems)
      .leftJoin(titles, eq(titles.id, shelfItems.titleId))
      .where(
        sql`shelf_items.shelf_id IN (SELECT id FROM shelves WHERE showcase_id = ${showcaseId}) AND shelf_items.episode_id IS NULL AND (shelf_items.url IS NOT NULL OR ${visible(viewer)})`,
      )
      .orderBy(asc(shelfItems.shelfId), asc(shelfItems.position)),
    db
      .select({
        shelfId: sql<number>`shelves.id`.as('shelf_id'),
        rank: ranked(sql`shelves.id`, sql`collection_items.position`).as('rank'),
        ...cardColumns,
      })
      .from(shelves)
      .innerJoin(collectionItems, eq(collectionItems.collectionId, shelves.collectionId))
      .innerJoin(titles, eq(titles.id, collectionItems.titleId))
      .where(
        and(sql`shelves.showcase_id = ${showcaseId} AND shelves.kind = 'editors'`, visible(viewer)),
      ),
    db
      .select({
        shelfId: sql<number>`shelves.id`.as('shelf_id'),
        rank: ranked(sql`shelves.id`, sql`titles.popularity DESC`).as('rank'),
        ...cardColumns,
      })
      .from(shelves)
      .innerJoin(titles, sql`titles.partner = shelves.partner AND titles.type != 'trailer'`)
      .where(
        and(sql`shelves.showcase_id = ${showcaseId} AND shelves.kind = 'partner'`, visible(viewer)),
      ),
    db
      .select(episodeCardColumns)
      .from(episodes)
      .innerJoin(seasons, eq(seasons.id, episodes.seasonId))
      .innerJoin(titles, eq(titles.id, episodes.titleId))
      .where(
        and(
          sql`episodes.released_at <= unixepoch() AND EXISTS (SELECT 1 FROM shelves WHERE showcase_id = ${showcaseId} AND kind = 'episodes')`,
          visible(viewer),
        ),
      )
      .orderBy(sql`episodes.released_at DESC`, sql`episodes.id DESC`)
      .limit(SHELF_LIMIT),
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
]: BatchResponse<ReturnType<typeof showcaseQueries>>) {
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
export async function findShowcase(db: Db, key: ShowcaseKey, viewer: Viewer) {
  return toShowcase(await db.batch(showcaseQueries(db, key, viewer)));
}

/**
 * A collection has something for the viewer: a released title they may see. Lists and the sitemap
 * leave the others out (a Paramount+ collection outside the CIS, one not filled in yet).
 */
export const collectionShowsSomething = (viewer: Viewer) =>
  sql`EXISTS (SELECT 1 FROM collection_items ci JOIN titles ON titles.id = ci.title_id WHERE ci.collection_id = collections.id AND ${visible(viewer)})`;

/** The collections with something for the viewer, with how many of their titles they may see. */
export async function listCollections(db: Db, viewer: Viewer) {
  return db
    .select({
      id: collections.id,
      slug: collections.slug,
      name: collections.name,
      description: collections.description,
      count: sql<number>`(SELECT count(*) FROM collection_items ci JOIN titles ON titles.id = ci.title_id WHERE ci.collection_id = collections.id AND ${visible(viewer)})`,
    })
    .from(collections)
    .where(collectionShowsSomething(viewer))
    .orderBy(asc(collections.position), asc(collections.id));
}

/** A collection and its titles, in order. */
export async function findCollection(db: Db, slug: string, viewer: Viewer) {
  const [found, items] = await db.batch([
    db.select().from(collections).where(eq(collections.slug, slug)),
    db
      .select(cardColumns)
      .from(collectionItems)
      .innerJoin(titles, eq(titles.id, collectionItems.titleId))
      .where(
        and(
          sql`collection_items.collection_id = (SELECT id FROM collections WHERE slug = ${slug})`,
          visible(viewer),
        ),
      )
      .orderBy(asc(collectionItems.position)),
  ]);
  return found[0] && { collection: found[0], items };
}

/** The query of a page's banners (hero of `/`, `/series`…), in order. */
export function bannersQuery(db: Db, page: string, viewer: Viewer) {
  return db
    .select({
      bannerId: sql<number>`page_banners.id`.as('banner_id'),
      headline: pageBanners.headline,
      text: pageBanners.text,
      position: pageBanners.position,
      ...cardColumns,
    })
    .from(pageBanners)
    .innerJoin(titles, eq(titles.id, pageBanners.titleId))
    .where(and(eq(pageBanners.page, page), visible(viewer)))
    .orderBy(asc(pageBanners.position));
}

export type BannerRow = Awaited<ReturnType<typeof bannersQuery>>[number];

export async function findBanners(db: Db, page: string, viewer: Viewer) {
  return bannersQuery(db, page, viewer);
}

type SQL = ReturnType<typeof sql>;
