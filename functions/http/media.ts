import { Hono } from 'hono';
import { z } from 'zod';
import {
  ART_KINDS,
  artSubject,
  artVersion,
  DEFAULT_SUBJECT,
  renderArt,
} from '../domains/media/index.ts';
import { AVATAR_COUNT, avatarVersion, renderAvatar } from '../domains/profiles/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError, notFoundResponse } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import * as shape from './answers.ts';
import { apiDoc } from './api-doc.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
// An unversioned or outdated URL may show a renamed title's old name: cache it briefly only.
const SHORT = 'public, max-age=3600';

/**
 * `GET /media/art/{poster|background|channel}/{id|default}.svg?v=…`: generated art (see art.ts);
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
    validate('param', z.object({ file: z.string().regex(/^[1-9][0-9]?\.svg$/) })),
    validate(
      'query',
      z.object({
        v: z
          .string()
          .regex(/^[0-9a-z]{1,8}$/)
          .optional(),
      }),
    ),
    (c) => {
      const id = Number(c.req.valid('param').file.slice(0, -'.svg'.length));
      if (id > AVATAR_COUNT) throw new ApiError(404, 'Изображение не найдено', 'art_not_found');
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
      summary: 'Постер, фон или логотип канала (id или default), SVG',
      answers: { 200: shape.svg },
      errors: { 404: 'Изображение не найдено (art_not_found)' },
    }),
  )
  .get(
    '/:kind/:file',
    validate(
      'param',
      z.object({
        kind: z.enum(ART_KINDS),
        file: z.string().regex(/^(default|[1-9][0-9]{0,9})\.svg$/),
      }),
    ),
    validate(
      'query',
      z.object({
        v: z
          .string()
          .regex(/^[0-9a-z]{1,8}$/)
          .optional(),
      }),
    ),
    async (c) => {
      const { kind, file } = c.req.valid('param');
      const key = file.slice(0, -'.svg'.length);
      const subject = key === 'default' ? DEFAULT_SUBJECT : await artSubject(kind, Number(key));
      if (!subject) throw new ApiError(404, 'Изображение не найдено', 'art_not_found');
      const current = key === 'default' || c.req.valid('query').v === artVersion(subject);
      return c.body(renderArt(kind, subject), 200, {
        'Content-Type': 'image/svg+xml; charset=utf-8',
        'Cache-Control': current ? IMMUTABLE : SHORT,
      });
    },
  )
  .all('*', notFoundResponse);
