import { Hono } from 'hono';
import {
  newEpisodes,
  newSeasons,
  catalogueSchemas as s,
  toCard,
  watchUrl,
} from '../domains/catalogue/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { SECONDS } from '../shared/ru.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

/** Premieres (docs/product.md, «How the site talks to the API»): `GET /cms/premieres/episodes/` and `/cms/premieres/seasons/`. */
export const premiereRoutes = new Hono<AppEnv>()
  .get(
    '/episodes',
    apiDoc({
      tag: 'premieres',
      summary: 'Премьеры эпизодов',
      answers: { 200: shape.results(s.episodePremiere) },
    }),
  )
  .get('/episodes', validate('query', s.windowQuery), async (c) => {
    const q = c.req.valid('query');
    const now = Math.floor(Date.now() / 1000);
    const rows = await newEpisodes(
      requestViewer(c, q.age),
      now - q.days_back * SECONDS.day,
      now + q.days_ahead * SECONDS.day,
      q.limit,
    );
    cmsCache(c);
    return c.json({
      results: rows.map((r) => ({
        episodeId: r.episodeId,
        number: r.episodeNumber,
        name: r.episodeName,
        seasonNumber: r.seasonNumber,
        releasedAt: r.episodeReleasedAt,
        upcoming: r.episodeReleasedAt > now,
        content: toCard(r),
        // The new episode's place on its series page, marked (scripts-off too, by the fragment).
        url: `${watchUrl(r.id)}?season=${r.seasonNumber}&episode=${r.episodeNumber}#episode-${r.seasonNumber}-${r.episodeNumber}`,
      })),
    });
  })
  .get(
    '/seasons',
    apiDoc({
      tag: 'premieres',
      summary: 'Премьеры сезонов',
      answers: { 200: shape.results(s.seasonPremiere) },
    }),
  )
  .get('/seasons', validate('query', s.windowQuery), async (c) => {
    const q = c.req.valid('query');
    const now = Math.floor(Date.now() / 1000);
    const rows = await newSeasons(
      requestViewer(c, q.age),
      now - q.days_back * SECONDS.day,
      now + q.days_ahead * SECONDS.day,
      q.limit,
    );
    cmsCache(c);
    return c.json({
      results: rows.map((r) => ({
        seasonId: r.seasonId,
        number: r.seasonNumber,
        name: r.seasonName,
        releasedAt: r.releasedAt,
        upcoming: r.releasedAt > now,
        content: toCard(r),
      })),
    });
  });
