import { Hono } from 'hono';
import { flagValue, flagSchemas as s } from '../domains/flags/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { texts } from '../shared/texts.ts';
import { apiDoc } from './api-doc.ts';

/** `GET /api/client/features/{name}` (docs/product.md, «How the site talks to the API», "Flag lookups"). */
export const flagRoutes = new Hono<AppEnv>().get(
  '/:name',
  apiDoc({
    tag: 'flags',
    summary: 'Значение флага (web-enable-calendar, disable-dazn, enable-trailers)',
    answers: { 200: s.flag },
    errors: { 404: 'Такого флага нет (flag_not_found)' },
  }),
  validate('param', s.flagParam),
  async (c) => {
    const { name } = c.req.valid('param');
    const value = await flagValue(name);
    if (value === undefined) throw new ApiError(404, texts.flagNotFound, 'flag_not_found');
    // A flag switched in D1 must reach visitors without a deploy: browsers revalidate every time.
    c.header('Cache-Control', 'no-cache');
    return c.json({ name, value });
  },
);
