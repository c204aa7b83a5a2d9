import { Hono } from 'hono';
import { z } from 'zod';
import { mediaResponse } from '../domains/playback/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { notFoundResponse } from '../lib/errors.ts';
import { apiDoc } from './api-doc.ts';

/**
 * `GET|HEAD /media/hls/{token}/{vod/<clip>|live/<channelId>}/…`: signed media (playlists,
 * segments, subtitles, thumbnails, poster). Outside /cms/, so the shared edge cache never sees it;
 * answers are private to the browser for at most the token's remaining life.
 */
const DOC = {
  tag: 'media',
  answers: {
    200: {
      description: 'Файл (для сегмента с Range — 206 и его часть)',
      schema: z.string(),
      type: 'application/vnd.apple.mpegurl',
    },
  },
  errors: {
    403: 'Ссылка без подписи, изменена, устарела или не для этого видео (bad_signature, expired, outside_scope); плейлист просмотра, остановленного с другого устройства (stream_stopped)',
    404: 'Нет такого файла (media_not_found)',
    503: 'Видео временно недоступно или не настроен ключ подписи',
  },
} as const;

/** The file's path under the token, as the token's scope names it (`vod/c3/v240/seg-00001.m4s`). */
const pathOf = (p: Record<string, string>) =>
  [p.kind, p.id, p.rendition, p.file].filter(Boolean).join('/');

export const mediaHlsRoutes = new Hono<AppEnv>()
  .get(
    '/:token/:kind/:id/:file',
    apiDoc({ ...DOC, summary: 'Подписанное видео: мастер-плейлист, субтитры, превью, постер' }),
  )
  .get('/:token/:kind/:id/:file', (c) =>
    mediaResponse(c.req.param('token'), pathOf(c.req.param()), c.req.raw, Date.now() / 1000),
  )
  .get(
    '/:token/:kind/:id/:rendition/:file',
    apiDoc({ ...DOC, summary: 'Подписанное видео: плейлист качества или звука, сегмент (Range)' }),
  )
  .get('/:token/:kind/:id/:rendition/:file', (c) =>
    mediaResponse(c.req.param('token'), pathOf(c.req.param()), c.req.raw, Date.now() / 1000),
  )
  .all('*', notFoundResponse);
