import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../db/client.ts';
import { ageLabel, findTitle, watchUrl } from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { ApiError } from '../lib/errors.ts';
import { idParam } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

/** Section pages of the site and what they show (for resolving a path). */
const SECTION_PAGES: Record<string, string> = {
  '/': 'home',
  '/series': 'series',
  '/movies': 'movies',
  '/kids': 'kids',
  '/collections': 'collections',
  '/trailers': 'trailers',
  '/tv': 'tv',
  '/hbo-max': 'hbo-max',
  '/dazn': 'dazn',
  '/kino1tv': 'kino1tv',
  '/paramount-plus': 'paramount-plus',
  '/search': 'search',
};

export const resolveQuery = z.object({ path: z.string().startsWith('/').max(512) });
export const mediascopeQuery = z.object({ content_id: idParam });

const contentNotFound = () => new ApiError(404, 'Контент не найден', 'content_not_found');

/**
 * Metadata (spec section 7, "metadata resolve and mediascope").
 * `GET /cms/metadata/resolve/?path=/watch/12` — what a site path shows (a title or a section);
 * `GET /cms/metadata/mediascope/?content_id=12` — the audience-measurement tags of a title.
 */
export const metadataRoutes = new Hono<AppEnv>()
  .get(
    '/resolve',
    apiDoc({
      tag: 'metadata',
      summary: 'Что показывает путь сайта',
      answers: { 200: shape.resolved },
      errors: { 404: 'Контент или страница не найдены (content_not_found, path_not_found)' },
    }),
  )
  .get('/resolve', validate('query', resolveQuery), async (c) => {
    const path =
      new URL(c.req.valid('query').path, 'https://x').pathname.replace(/\/+$/, '') || '/';
    const watch = path.match(/^\/watch\/(\d+)$/);
    cmsCache(c, 3600);
    if (watch) {
      const found = await findTitle(db(), Number(watch[1]));
      if (!found) throw contentNotFound();
      return c.json({
        kind: 'content',
        path,
        content: {
          id: found.title.id,
          type: found.title.type,
          name: found.title.name,
          url: watchUrl(found.title.id),
        },
      });
    }
    const collection = path.match(/^\/collections\/([a-z0-9-]+)$/);
    if (collection) return c.json({ kind: 'collection', path, slug: collection[1] });
    if (SECTION_PAGES[path]) return c.json({ kind: 'section', path, section: SECTION_PAGES[path] });
    throw new ApiError(404, 'Страница не найдена', 'path_not_found');
  })
  .get(
    '/mediascope',
    apiDoc({
      tag: 'metadata',
      summary: 'Метки Mediascope для контента',
      answers: { 200: shape.mediascope },
      errors: { 404: 'Контент не найден (content_not_found)' },
    }),
  )
  .get('/mediascope', validate('query', mediascopeQuery), async (c) => {
    const found = await findTitle(db(), c.req.valid('query').content_id);
    if (!found) throw contentNotFound();
    const { title } = found;
    cmsCache(c, 3600);
    // Mediascope's web counter identifies content by a catalogue-wide id (idlc) and a type.
    return c.json({
      contentId: title.id,
      idlc: `amediateka-${title.type}-${title.id}`,
      catalogue: 'amediateka',
      type: title.type === 'series' ? 'serial' : title.type === 'trailer' ? 'promo' : 'film',
      title: title.name,
      ageRating: ageLabel(title.ageRating),
      durationSeconds: (title.durationMin ?? 0) * 60,
    });
  });
