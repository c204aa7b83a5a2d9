import { Hono } from 'hono';
import {
  products,
  productTitles,
  catalogueSchemas as s,
  toCard,
} from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { ApiError } from '../lib/errors.ts';
import { paged } from '../lib/pagination.ts';
import { pagedAgeQuery } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import * as shape from './answers.ts';
import { apiDoc, REFUSED } from './api-doc.ts';

/**
 * Products (docs/product.md, «How the site talks to the API», "products and content"): what unlocks titles — subscriptions (SVOD),
 * rentals (TVOD) and purchases (EST). Prices come with billing.
 * `GET /cms/products/` and `GET /cms/products/{id|slug}/content/`.
 */
export const productRoutes = new Hono<AppEnv>()
  .get(
    '/',
    apiDoc({
      tag: 'products',
      summary: 'Продукты: подписки, аренда, покупка',
      answers: { 200: shape.paged(s.product) },
    }),
  )
  .get('/', async (c) => {
    const rows = await products();
    cmsCache(c, 3600);
    return c.json({ count: rows.length, next: null, previous: null, results: rows });
  })
  .get(
    '/:idOrSlug/content',
    apiDoc({
      tag: 'products',
      summary: 'Контент продукта',
      answers: { 200: s.productContent },
      errors: { 403: REFUSED, 404: 'Продукт не найден (product_not_found)' },
    }),
  )
  .get(
    '/:idOrSlug/content',
    validate('param', s.productParam),
    validate('query', pagedAgeQuery),
    async (c) => {
      const q = c.req.valid('query');
      const found = await productTitles(requestViewer(c, q.age), c.req.valid('param').idOrSlug, q);
      if (!found) throw new ApiError(404, 'Продукт не найден', 'product_not_found');
      cmsCache(c);
      return c.json({
        product: found.product,
        ...paged(found.rows.map(toCard), found.total, new URL(c.req.url), q),
      });
    },
  );
