import { Hono } from 'hono';
import {
  submitSupportRequest,
  supportRequestBody,
  supportTexts,
} from '../domains/support/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';

/**
 * `POST /api/support/requests/`: stores a support request (at most 5 an hour per device or
 * address) and answers 201 with its number.
 */
export const supportRoutes = new Hono<AppEnv>().post(
  '/requests',
  validate('json', supportRequestBody),
  async (c) => {
    const { deviceId, geo, session } = c.var.edge;
    const sender = { deviceId, ip: geo.ip, accountId: session.accountId, userId: session.userId };
    const id = await submitSupportRequest(sender, c.req.valid('json'));
    return c.json({ id, message: supportTexts.received }, 201);
  },
);
