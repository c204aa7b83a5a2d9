import { Hono } from 'hono';
import {
  ageLabel,
  recommendations,
  catalogueSchemas as s,
  seasonDetail,
  titleAssets,
  titleDetail,
  titleList,
  titleSeasons,
  toCard,
  watchUrl,
} from '../domains/catalogue/index.ts';
import { flagValue } from '../domains/flags/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { config } from '../lib/config.ts';
import { paged } from '../lib/pagination.ts';
import { ageQuery } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import * as shape from './answers.ts';
import { apiDoc, REFUSED } from './api-doc.ts';

export const contentRoutes = new Hono<AppEnv>()
  // Fixed paths first: they would otherwise match the list and detail patterns below.
  .get(
    '/hbo-max/availability',
    apiDoc({
      tag: 'content',
      summary: 'Доступен ли HBO Max',
      answers: { 200: s.availability },
    }),
  )
  .get('/hbo-max/availability', async (c) => {
    const available = (await flagValue('hbo-max-available')) ?? true;
    c.header('Cache-Control', 'no-cache');
    return c.json({ available });
  })
  .get(
    '/recommendations',
    apiDoc({
      tag: 'content',
      summary: 'Похожие на контент',
      answers: { 200: shape.results(s.card) },
    }),
  )
  .get('/recommendations', validate('query', s.contentIdQuery), async (c) => {
    const q = c.req.valid('query');
    const rows = await recommendations(requestViewer(c, q.age), q.content_id, q.limit);
    cmsCache(c);
    return c.json({ results: rows.map(toCard) });
  })
  .get(
    '/seasons',
    apiDoc({
      tag: 'content',
      summary: 'Сезоны сериала со ссылками',
      answers: { 200: shape.results(s.season) },
      errors: { 403: REFUSED },
    }),
  )
  .get('/seasons', validate('query', s.contentIdQuery.pick({ content_id: true })), async (c) => {
    const id = c.req.valid('query').content_id;
    const rows = await titleSeasons(requestViewer(c), id);
    const origin = config().siteOrigin.replace(/^http:/, 'https:');
    cmsCache(c);
    return c.json({
      results: rows.map((season) => ({
        ...season,
        url: `${origin}/cms/content/series/${id}/seasons/${season.number}/`,
      })),
    });
  })
  .get(
    '/:list',
    apiDoc({
      tag: 'content',
      summary: 'Список: movies, series, kids, trailers, special',
      answers: { 200: shape.paged(s.card) },
      errors: { 403: REFUSED, 404: 'Такого списка нет (not_found)' },
    }),
  )
  .get('/:list', validate('query', s.listQuery), async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await titleList(requestViewer(c, q.age), c.req.param('list'), q, q);
    cmsCache(c);
    return c.json(paged(rows.map(toCard), total, new URL(c.req.url), q));
  })
  .get(
    '/:type/:id',
    apiDoc({
      tag: 'content',
      summary:
        'Карточка фильма, сериала, детского контента или трейлера (type: movie | series | kids | trailer)',
      answers: { 200: s.titleDetail },
      errors: { 403: REFUSED, 404: 'Такого типа нет или контент не найден (content_not_found)' },
    }),
  )
  .get('/:type/:id', validate('param', s.titleParam), validate('query', ageQuery), async (c) => {
    const { type, id } = c.req.valid('param');
    const found = await titleDetail(requestViewer(c, c.req.valid('query').age), id, type);
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
        directors: found.people.filter((p) => p.role === 'director').map(({ role: _, ...p }) => p),
      },
      seasons: found.seasons.map((season) => ({
        ...season,
        url: `${origin}/cms/content/series/${id}/seasons/${season.number}/`,
      })),
      products: found.products,
      trailers: found.trailers.map((t) => ({
        id: t.id,
        name: t.name,
        durationMin: t.durationMin,
        url: watchUrl(t.id),
        assets: titleAssets(t),
      })),
      trailerOf: title.trailerOf,
    });
  })
  .get(
    '/series/:id/seasons/:number',
    apiDoc({
      tag: 'content',
      summary: 'Сезон сериала с эпизодами',
      answers: { 200: s.seasonDetail },
      errors: { 403: REFUSED, 404: 'Сезон не найден (season_not_found)' },
    }),
  )
  .get(
    '/series/:id/seasons/:number',
    validate('param', s.seasonParam),
    validate('query', ageQuery),
    async (c) => {
      const { id, number } = c.req.valid('param');
      const found = await seasonDetail(requestViewer(c, c.req.valid('query').age), id, number);
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
