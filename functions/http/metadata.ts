import { Hono } from 'hono';
import { mediascopeOf, resolvePath, catalogueSchemas as s } from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { apiDoc, REFUSED } from './api-doc.ts';

/**
 * Metadata (docs/product.md, «How the site talks to the API», "metadata resolve and mediascope").
 * `GET /cms/metadata/resolve/?path=/watch/12` — what a site path shows (a title or a section);
 * `GET /cms/metadata/mediascope/?content_id=12` — the audience-measurement tags of a title.
 */
export const metadataRoutes = new Hono<AppEnv>()
  .get(
    '/resolve',
    apiDoc({
      tag: 'metadata',
      summary: 'Что показывает путь сайта',
      answers: { 200: s.resolved },
      errors: {
        403: REFUSED,
        404: 'Контент или страница не найдены (content_not_found, path_not_found)',
      },
    }),
  )
  .get('/resolve', validate('query', s.resolveQuery), async (c) => {
    const answer = await resolvePath(requestViewer(c), c.req.valid('query').path);
    cmsCache(c, 3600);
    return c.json(answer);
  })
  .get(
    '/mediascope',
    apiDoc({
      tag: 'metadata',
      summary: 'Метки Mediascope для контента',
      answers: { 200: s.mediascope },
      errors: { 403: REFUSED, 404: 'Контент не найден (content_not_found)' },
    }),
  )
  .get('/mediascope', validate('query', s.mediascopeQuery), async (c) => {
    const answer = await mediascopeOf(requestViewer(c), c.req.valid('query').content_id);
    cmsCache(c, 3600);
    return c.json(answer);
  });
