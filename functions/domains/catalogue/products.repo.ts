import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { type Viewer, visibleTitles } from '../../access/index.ts';
import { products, titleProducts, titles } from '../../db/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import { cardColumns } from './content.repo.ts';

export async function listProducts(db: Db) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      buyType: products.buyType,
      partner: products.partner,
      titles: sql<number>`(SELECT count(*) FROM title_products tp WHERE tp.product_id = products.id)`,
    })
    .from(products)
    .orderBy(asc(products.id));
}

/** The titles a product unlocks, most popular first, with the total. */
export async function productContent(
  db: Db,
  idOrSlug: string,
  { page, page_size }: PageQuery,
  viewer: Viewer,
) {
  const key = /^\d+$/.test(idOrSlug)
    ? eq(products.id, Number(idOrSlug))
    : eq(products.slug, idOrSlug);
  const [found, rows] = await db.batch([
    db.select().from(products).where(key).limit(1),
    db
      .select({ ...cardColumns, total: sql<number>`count(*) OVER ()` })
      .from(titleProducts)
      .innerJoin(titles, eq(titles.id, titleProducts.titleId))
      .where(
        and(
          sql`title_products.product_id = (SELECT id FROM products WHERE ${key})`,
          sql`titles.released_at <= unixepoch()`,
          visibleTitles(viewer),
        ),
      )
      .orderBy(desc(titles.popularity), desc(titles.id))
      .limit(page_size)
      .offset((page - 1) * page_size),
  ]);
  return found[0] && { product: found[0], rows, total: rows[0]?.total ?? 0 };
}
