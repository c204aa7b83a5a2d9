import { Hono } from 'hono';
import { catalogueSchemas as s, search, searchPreset, toCard } from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { paged } from '../lib/pagination.ts';
import { ageQuery } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

/** `GET /cms/search/?query=` (paginated cards) and `GET /cms/search/preset/` (before typing). */
export const searchRoutes = new Hono<AppEnv>()
  .get(
    '/',
    apiDoc({
      tag: 'search',
      summary: 'Поиск по названиям, людям и описаниям, с другой раскладкой и опечатками',
      answers: { 200: s.searchResults },
    }),
  )
  .get('/', validate('query', s.searchQuery), async (c) => {
    const q = c.req.valid('query');
    const { rows, total, corrected } = await search(requestViewer(c, q.age), q.query, q);
    cmsCache(c, 600);
    // corrected_query: what was searched instead when the words as typed found nothing.
    return c.json({
      ...paged(rows.map(toCard), total, new URL(c.req.url), q),
      corrected_query: corrected,
    });
  })
  .get(
    '/preset',
    apiDoc({
      tag: 'search',
      summary: 'Подборка до ввода запроса',
      answers: { 200: shape.results(s.card) },
    }),
  )
  .get('/preset', validate('query', ageQuery), async (c) => {
    const rows = await searchPreset(requestViewer(c, c.req.valid('query').age), 12);
    cmsCache(c, 600);
    return c.json({ results: rows.map(toCard) });
  });
