import { Hono } from 'hono';
import { seoSchemas as s, seoTextOf } from '../domains/seo/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';
import { apiDoc } from './api-doc.ts';

/**
 * `GET /cms/seo-texts/?path=/x`: the CMS "seo texts" of one path. A path without overrides
 * answers with empty overrides (the page keeps its defaults), not a 404.
 */
export const seoRoutes = new Hono<AppEnv>().get('/', validate('query', s.seoQuery), async (c) => {
  const seo = await seoTextOf(c.req.valid('query').path);
  c.header('Cache-Control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
  return c.json(seo);
});

// The route's line is full: its OpenAPI entry is registered beside it, same method and path.
seoRoutes.get('/', apiDoc({ tag: 'seo', summary: 'SEO-тексты пути', answers: { 200: s.seoText } }));
