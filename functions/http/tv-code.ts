import { Hono } from 'hono';
import { z } from 'zod';
import { requireLiveSession } from '../domains/auth/index.ts';
import {
  approvePairingCode,
  pollPairing,
  startPairing,
  tvTexts,
} from '../domains/tv-code/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';

export const tvTokenBody = z.object({
  device_code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, tvTexts.unknownDevice),
});
export const tvApproveBody = z.object({
  user_code: z.string().trim().min(8, tvTexts.codeFormat).max(20, tvTexts.codeFormat),
});

/**
 * TV code under /auth/tv_code (spec section 7), the OAuth device flow (RFC 8628): the device asks
 * for a pair of codes and polls; a signed-in viewer confirms the code on /code (or here).
 */
export const tvCodeRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post('/', async (c) => c.json(await startPairing(c.var.edge.geo.ip, new URL(c.req.url).origin)))
  .post('/token', validate('json', tvTokenBody), async (c) =>
    c.json(await pollPairing(c, c.req.valid('json').device_code)),
  )
  .post('/approve', validate('json', tvApproveBody), async (c) => {
    const live = await requireLiveSession(c);
    await approvePairingCode(c.var.edge.geo.ip, live, c.req.valid('json').user_code);
    return c.json({ status: 'approved', message: tvTexts.approved });
  });
