import { Hono } from 'hono';
import { z } from 'zod';
import { PARTNERS, type TitleType } from '../../db/catalogue-schema.ts';
import { db } from '../../db/client.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { cmsCache, effectiveMaxAge } from '../../lib/cms-cache.ts';
import { config } from '../../lib/config.ts';
import { ApiError } from '../../lib/errors.ts';
import { paged, pageQuery } from '../../lib/pagination.ts';
import { age, ageQuery, idParam, slug } from '../../lib/schemas.ts';
import { texts } from '../../lib/texts.ts';
import { validate } from '../../lib/validate.ts';
import { findFlag } from '../flags/flags.repo.ts';
import {
  findSeason,
  findTitle,
  listTitles,
  recommendationsFor,
  SORTS,
  seasonsOf,
} from './content.repo.ts';
import { ageLabel, titleAssets, toCard, watchUrl } from './content-dto.ts';
import { contentTexts } from './texts.ts';

/** List paths of spec section 7 ("content movies, series, kids, trailers, special") and their types. */
const LISTS: Record<string, TitleType[]> = {
  movies: ['movie'],
  series: ['series'],
  kids: ['kids'],
  trailers: ['trailer'],
  special: ['movie', 'series', 'kids'],
};

/** Detail paths accept the singular and plural type names. */
const DETAIL_TYPES: Record<string, TitleType> = {
  movie: 'movie',
  movies: 'movie',
  series: 'series',
  kids: 'kids',
  trailer: 'trailer',
  trailers: 'trailer',
};

export const listQuery = pageQuery.extend({
  genre: slug.optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  studio: slug.optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  decade: z.coerce.number().int().min(1900).max(2100).multipleOf(10).optional(),
  age,
  sort: z.enum(SORTS).default('popular'),
  partner: z.enum(PARTNERS).optional(),
});

export const contentIdQuery = z.object({
  content_id: idParam,
  age,
  limit: z.coerce.number().int().min(1).max(60).default(18),
});

export const contentRoutes = new Hono<AppEnv>()
  // Fixed paths first: they would otherwise match the list and detail patterns below.
  .get('/hbo-max/availability', async (c) => {
    const flag = await findFlag(db(), 'hbo-max-available');
    c.header('Cache-Control', 'no-cache');
    return c.json({ available: flag?.enabled ?? true });
  })
  .get('/recommendations', validate('query', contentIdQuery), async (c) => {
    const q = c.req.valid('query');
    const rows = await recommendationsFor(db(), q.content_id, q.limit, effectiveMaxAge(c, q.age));
    cmsCache(c);
    return c.json({ results: rows.map(toCard) });
  })
  .get('/seasons', validate('query', contentIdQuery.pick({ content_id: true })), async (c) => {
    const id = c.req.valid('query').content_id;
    const rows = await seasonsOf(db(), id);
    const origin = config().siteOrigin.replace(/^http:/, 'https:');
    cmsCache(c);
    return c.json({
      results: rows.map((s) => ({
        ...s,
        url: `${origin}/cms/content/series/${id}/seasons/${s.number}/`,
      })),
    });
  })
  .get('/:list', validate('query', listQuery), async (c) => {
    const q = c.req.valid('query');
    const list = c.req.param('list');
    if (!Object.hasOwn(LISTS, list)) throw new ApiError(404, texts.notFound, 'not_found');
    const partner = list === 'special' && !q.partner ? undefined : q.partner;
    const { rows, total } = await listTitles(
      db(),
      {
        types: LISTS[list]!,
        genre: q.genre,
        country: q.country,
        studio: q.studio,
        year: q.year,
        decade: q.decade,
        maxAge: effectiveMaxAge(c, q.age),
        partner,
        sort: q.sort,
      },
      q,
    );
    const filtered =
      list === 'special' && !partner ? rows.filter((r) => r.partner !== 'none') : rows;
    cmsCache(c);
    return c.json(paged(filtered.map(toCard), total, new URL(c.req.url), q));
  })
  .get(
    '/:type/:id',
    validate('param', z.object({ type: z.string(), id: idParam })),
    validate('query', ageQuery),
    async (c) => {
      const { type, id } = c.req.valid('param');
      if (!Object.hasOwn(DETAIL_TYPES, type)) throw new ApiError(404, texts.notFound, 'not_found');
      const found = await findTitle(db(), id, effectiveMaxAge(c, c.req.valid('query').age));
      if (!found || found.title.type !== DETAIL_TYPES[type])
        throw new ApiError(404, contentTexts.notFound, 'content_not_found');
      const { title } = found;
      const origin = config().siteOrigin.replace(/^http:/, 'https:');
      cmsCache(c);
      return c.json({
        ...toCard(title),
        description: title.description,
        durationMin: title.durationMin,
        releasedAt: title.releasedAt,
        genres: found.genres,
        countries: found.countries,
        studios: found.studios,
        people: {
          actors: found.people.filter((p) => p.role === 'actor').map(({ role: _, ...p }) => p),
          directors: found.people
            .filter((p) => p.role === 'director')
            .map(({ role: _, ...p }) => p),
        },
        seasons: found.seasons.map((s) => ({
          ...s,
          url: `${origin}/cms/content/series/${id}/seasons/${s.number}/`,
        })),
        products: found.products,
        trailers: found.trailers.map((t) => ({
          id: t.id,
          name: t.name,
          durationMin: t.durationMin,
          url: watchUrl(t.id),
          assets: titleAssets({ ...t, type: 'trailer' }),
        })),
        trailerOf: title.trailerOf,
      });
    },
  )
  .get(
    '/series/:id/seasons/:number',
    validate('param', z.object({ id: idParam, number: z.coerce.number().int().min(1).max(100) })),
    validate('query', ageQuery),
    async (c) => {
      const { id, number } = c.req.valid('param');
      const found = await findSeason(
        db(),
        id,
        number,
        effectiveMaxAge(c, c.req.valid('query').age),
      );
      if (!found) throw new ApiError(404, contentTexts.seasonNotFound, 'season_not_found');
      cmsCache(c);
      return c.json({
        id: found.season.id,
        number: found.season.number,
        name: found.season.name,
        year: found.season.year,
        content: {
          id,
          name: found.titleName,
          ageRating: ageLabel(found.ageRating),
          url: watchUrl(id),
        },
        episodes: found.episodes.map((e) => ({
          id: e.id,
          number: e.number,
          name: e.name,
          description: e.description,
          durationMin: e.durationMin,
          releasedAt: e.releasedAt,
        })),
      });
    },
  );
