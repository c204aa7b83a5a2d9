import { type Context, Hono } from 'hono';
import {
  collection,
  collections,
  pageBanners,
  type ShowcaseKey,
  catalogueSchemas as s,
  showcase,
  toBannerDto,
  toCard,
  toShowcaseDto,
} from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { ApiError } from '../lib/errors.ts';
import { paged, pageQuery } from '../lib/pagination.ts';
import { ageQuery, pagedAgeQuery } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

const notFound = () => new ApiError(404, 'Витрина не найдена', 'showcase_not_found');

async function showcaseAnswer(c: Context<AppEnv>, key: ShowcaseKey, requestedAge?: number) {
  const found = await showcase(requestViewer(c, requestedAge), key);
  if (!found) throw notFound();
  cmsCache(c);
  return c.json(toShowcaseDto(found));
}

/**
 * Showcases (docs/product.md, «How the site talks to the API»): featured, current, by slug, collections and page banners.
 * `GET /cms/showcases/featured/`, `/current/`, `/{slug}/`, `/collections/`, `/collections/{slug}/`,
 * `/page-banners/?page=/series`.
 */
export const showcaseRoutes = new Hono<AppEnv>()
  .get(
    '/featured',
    apiDoc({
      tag: 'showcases',
      summary: 'Главная витрина с полками',
      answers: { 200: s.showcase },
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
      answers: { 200: s.showcase },
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
      answers: { 200: shape.paged(s.collection) },
    }),
  )
  .get('/collections', validate('query', pageQuery), async (c) => {
    const q = c.req.valid('query');
    const all = await collections(requestViewer(c));
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
      answers: { 200: s.collectionContent },
      errors: { 404: 'Подборка не найдена (collection_not_found)' },
    }),
  )
  .get(
    '/collections/:slug',
    validate('param', s.slugParam),
    validate('query', pagedAgeQuery),
    async (c) => {
      const q = c.req.valid('query');
      const found = await collection(requestViewer(c, q.age), c.req.valid('param').slug);
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
      answers: { 200: shape.results(s.banner) },
    }),
  )
  .get('/page-banners', validate('query', s.bannerQuery), async (c) => {
    const q = c.req.valid('query');
    const rows = await pageBanners(requestViewer(c, q.age), q.page);
    cmsCache(c);
    return c.json({ results: rows.map(toBannerDto) });
  })
  .get(
    '/:slug',
    apiDoc({
      tag: 'showcases',
      summary: 'Витрина раздела',
      answers: { 200: s.showcase },
      errors: { 404: 'Витрина не найдена (showcase_not_found)' },
    }),
  )
  .get('/:slug', validate('param', s.slugParam), validate('query', ageQuery), (c) =>
    showcaseAnswer(c, { slug: c.req.valid('param').slug }, c.req.valid('query').age),
  );
