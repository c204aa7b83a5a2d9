import { type Context, Hono } from 'hono';
import {
  type ArtKind,
  artSubject,
  artVersion,
  DEFAULT_SUBJECT,
  gradientArt,
  mediaSchemas,
  renderArt,
  storedArt,
} from '../domains/media/index.ts';
import { AVATAR_COUNT, avatarVersion, renderAvatar } from '../domains/profiles/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError, notFoundResponse } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { ART_SIZES, ART_VERSION, artHeight, type RasterKind } from '../shared/art.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const notFound = () => new ApiError(404, 'Изображение не найдено', 'art_not_found');
// An unversioned or outdated URL may show a renamed title's old name: cache it briefly only.
const SHORT = 'public, max-age=3600';
// A stand-in for a picture not (yet) in R2: kept briefly, so the real one shows once uploaded.
const STAND_IN = 'public, max-age=300';

/** A raster picture from R2; while it is missing there, a drawn stand-in of the same size. */
async function raster(c: Context<AppEnv>, kind: RasterKind, file: string, v: string | undefined) {
  const [id, width] = file.slice(0, -'.webp'.length).split('-').map(Number) as [number, number];
  if (!ART_SIZES[kind].widths.includes(width)) throw notFound();
  const object = await storedArt(kind, id, width);
  if (!object) {
    return c.body(gradientArt(width, artHeight(kind, width), `${kind}:${id}`), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': STAND_IN,
    });
  }
  return c.body(object.body, 200, {
    'Content-Type': 'image/webp',
    'Content-Length': String(object.size),
    ETag: object.httpEtag,
    'Cache-Control': v === ART_VERSION ? IMMUTABLE : SHORT,
  });
}

/**
 * `GET /media/art/{poster|background|still}/{id}-{width}.webp?v=…`: the raster art from R2
 * (functions/shared/art.ts), or a drawn stand-in while it is missing;
 * `GET /media/art/{poster|background|channel}/{id|default}.svg?v=…`: drawn art (see art.ts);
 * `GET /media/art/avatar/{1–16}.svg?v=…`: profile avatars.
 * Mounted outside the API prefixes, so unknown paths under it answer the JSON 404 here.
 */
export const mediaRoutes = new Hono<AppEnv>()
  // Profile avatars (functions/api/profiles/avatars.ts): a fixed set, drawn from the id alone.
  .get(
    '/avatar/:file',
    apiDoc({
      tag: 'media',
      summary: 'Аватар профиля (1–16), SVG',
      answers: { 200: shape.svg },
      errors: { 404: 'Изображение не найдено (art_not_found)' },
    }),
  )
  .get(
    '/avatar/:file',
    validate('param', mediaSchemas.avatarParam),
    validate('query', mediaSchemas.versionQuery),
    (c) => {
      const id = Number(c.req.valid('param').file.slice(0, -'.svg'.length));
      if (id > AVATAR_COUNT) throw notFound();
      return c.body(renderAvatar(id), 200, {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': c.req.valid('query').v === avatarVersion(id) ? IMMUTABLE : SHORT,
      });
    },
  )
  .get(
    '/:kind/:file',
    apiDoc({
      tag: 'media',
      summary:
        'Постер, фон или кадр серии в одной из ширин ({id}-{ширина}.webp); постер, фон или логотип канала, нарисованный (id или default, .svg)',
      answers: { 200: shape.image },
      errors: { 404: 'Изображение не найдено (art_not_found)' },
    }),
  )
  .get(
    '/:kind/:file',
    validate('param', mediaSchemas.artParam),
    validate('query', mediaSchemas.versionQuery),
    async (c) => {
      const { kind, file } = c.req.valid('param');
      const v = c.req.valid('query').v;
      if (file.endsWith('.webp')) return raster(c, kind as RasterKind, file, v);
      const key = file.slice(0, -'.svg'.length);
      const drawn = kind as ArtKind;
      const subject = key === 'default' ? DEFAULT_SUBJECT : await artSubject(drawn, Number(key));
      if (!subject) throw notFound();
      const current = key === 'default' || v === artVersion(subject);
      return c.body(renderArt(drawn, subject), 200, {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': current ? IMMUTABLE : SHORT,
      });
    },
  )
  .all('*', notFoundResponse);
