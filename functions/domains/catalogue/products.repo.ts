import { type Viewer, visibleTitles } from '../../access/index.ts';
import { batch, run } from '../../db/run.ts';
import { rows, sql, where } from '../../db/sql.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import type { BuyType, Partner } from '../../shared/catalogue.ts';
import { cardColumns } from './content.repo.ts';
import type { TitleRow } from './content-dto.ts';

/** A row of products. */
interface Product {
  id: number;
  slug: string;
  name: string;
  buyType: BuyType;
  partner: Partner;
}

const PRODUCT_COLUMNS = sql`products.id, products.slug, products.name, products.buy_type AS "buyType", products.partner`;

export async function listProducts(d: D1Database) {
  return run(
    rows<Product & { titles: number }>(
      d,
      sql`SELECT ${PRODUCT_COLUMNS},
            (SELECT count(*) FROM title_products tp WHERE tp.product_id = products.id) AS titles
          FROM products ORDER BY products.id`,
    ),
  );
}

/** The titles a product unlocks, most popular first, with the total. */
export async function productContent(
  d: D1Database,
  idOrSlug: string,
  { page, page_size }: PageQuery,
  viewer: Viewer,
) {
  const key = /^\d+$/.test(idOrSlug)
    ? sql`products.id = ${Number(idOrSlug)}`
    : sql`products.slug = ${idOrSlug}`;
  const [found, items] = await batch(d, [
    rows<Product>(d, sql`SELECT ${PRODUCT_COLUMNS} FROM products WHERE ${key} LIMIT 1`),
    rows<TitleRow & { total: number }>(
      d,
      sql`SELECT ${cardColumns}, count(*) OVER () AS total
          FROM title_products JOIN titles ON titles.id = title_products.title_id
          ${where(
            sql`title_products.product_id = (SELECT id FROM products WHERE ${key})`,
            sql`titles.released_at <= unixepoch()`,
            visibleTitles(viewer),
          )}
          ORDER BY titles.popularity DESC, titles.id DESC
          LIMIT ${page_size} OFFSET ${(page - 1) * page_size}`,
    ),
  ]);
  return found[0] && { product: found[0], rows: items, total: items[0]?.total ?? 0 };
}
