import { Hono } from 'hono';
import { z } from 'zod';
import { search, searchPreset, toCard } from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { paged, pageQuery } from '../lib/pagination.ts';
import { age, ageQuery } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';

export const searchQuery = pageQuery.extend({ query: z.string().trim().min(1).max(100), age });

/** `GET /cms/search/?query=` (paginated cards) and `GET /cms/search/preset/` (before typing). */
export const searchRoutes = new Hono<AppEnv>()
  .get('/', validate('query', searchQuery), async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await search(requestViewer(c, q.age), q.query, q);
    cmsCache(c, 600);
    return c.json(paged(rows.map(toCard), total, new URL(c.req.url), q));
  })
  .get('/preset', validate('query', ageQuery), async (c) => {
    const rows = await searchPreset(requestViewer(c, c.req.valid('query').age), 12);
    cmsCache(c, 600);
    return c.json({ results: rows.map(toCard) });
  });
