import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { db } from '../db/client.ts';
import {
  findBanners,
  findCollection,
  findShowcase,
  listCollections,
  type ShowcaseKey,
  toBannerDto,
  toCard,
  toShowcaseDto,
} from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache, effectiveMaxAge } from '../lib/cms-cache.ts';
import { ApiError } from '../lib/errors.ts';
import { paged, pageQuery } from '../lib/pagination.ts';
import { ageQuery, pagedAgeQuery, slug } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

export const bannerQuery = ageQuery.extend({ page: z.string().startsWith('/').max(200) });
const notFound = () => new ApiError(404, 'Витрина не найдена', 'showcase_not_found');

async function showcaseAnswer(c: Context<AppEnv>, key: ShowcaseKey, requestedAge?: number) {
  const found = await findShowcase(db(), key, effectiveMaxAge(c, requestedAge));
  if (!found) throw notFound();
  cmsCache(c);
  return c.json(toShowcaseDto(found));
}

/**
 * Showcases (spec section 7): featured, current, by slug, collections and page banners.
 * `GET /cms/showcases/featured/`, `/current/`, `/{slug}/`, `/collections/`, `/collections/{slug}/`,
 * `/page-banners/?page=/series`.
 */
export const showcaseRoutes = new Hono<AppEnv>()
  .get(
    '/featured',
    apiDoc({
      tag: 'showcases',
      summary: 'Главная витрина с полками',
      answers: { 200: shape.showcase },
      errors: { 404: 'Витрина не найдена (showcase_not_found)' },
    }),
  )
  .get('/featured', validate('query', ageQuery), (c) =>
    showcaseAnswer(c, { kind: 'featured' }, c.req.valid('query').age),
  )
  .get(
    '/current',
    apiDoc({
      tag: 'showcases',
      summary: 'Текущая витрина',
      answers: { 200: shape.showcase },
      errors: { 404: 'Витрина не найдена (showcase_not_found)' },
    }),
  )
  .get('/current', validate('query', ageQuery), (c) =>
    showcaseAnswer(c, { kind: 'current' }, c.req.valid('query').age),
  )
  .get(
    '/collections',
    apiDoc({
      tag: 'showcases',
      summary: 'Подборки',
      answers: { 200: shape.paged(shape.collection) },
    }),
  )
  .get('/collections', validate('query', pageQuery), async (c) => {
    const q = c.req.valid('query');
    const all = await listCollections(db());
    cmsCache(c);
    return c.json(
      paged(
        all.slice((q.page - 1) * q.page_size, q.page * q.page_size),
        all.length,
        new URL(c.req.url),
        q,
      ),
    );
  })
  .get(
    '/collections/:slug',
    apiDoc({
      tag: 'showcases',
      summary: 'Подборка с контентом',
      answers: { 200: shape.collectionContent },
      errors: { 404: 'Подборка не найдена (collection_not_found)' },
    }),
  )
  .get(
    '/collections/:slug',
    validate('param', z.object({ slug })),
    validate('query', pagedAgeQuery),
    async (c) => {
      const q = c.req.valid('query');
      const found = await findCollection(
        db(),
        c.req.valid('param').slug,
        effectiveMaxAge(c, q.age),
      );
      if (!found) throw new ApiError(404, 'Подборка не найдена', 'collection_not_found');
      cmsCache(c);
      const page = paged(
        found.items.slice((q.page - 1) * q.page_size, q.page * q.page_size).map(toCard),
        found.items.length,
        new URL(c.req.url),
        q,
      );
      return c.json({ ...found.collection, ...page });
    },
  )
  .get(
    '/page-banners',
    apiDoc({
      tag: 'showcases',
      summary: 'Баннеры страницы',
      answers: { 200: shape.results(shape.banner) },
    }),
  )
  .get('/page-banners', validate('query', bannerQuery), async (c) => {
    const q = c.req.valid('query');
    const rows = await findBanners(db(), q.page, effectiveMaxAge(c, q.age));
    cmsCache(c);
    return c.json({ results: rows.map(toBannerDto) });
  })
  .get(
    '/:slug',
    apiDoc({
      tag: 'showcases',
      summary: 'Витрина раздела',
      answers: { 200: shape.showcase },
      errors: { 404: 'Витрина не найдена (showcase_not_found)' },
    }),
  )
  .get('/:slug', validate('param', z.object({ slug })), validate('query', ageQuery), (c) =>
    showcaseAnswer(c, { slug: c.req.valid('param').slug }, c.req.valid('query').age),
  );
