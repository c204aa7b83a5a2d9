import { Hono } from 'hono';
import {
  supportSchemas as s,
  submitSupportRequest,
  supportTexts,
} from '../domains/support/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';
import { apiDoc, INVALID } from './api-doc.ts';

/**
 * `POST /api/support/requests/`: stores a support request (at most 5 an hour per device or
 * address) and answers 201 with its number.
 */
export const supportRoutes = new Hono<AppEnv>().post(
  '/requests',
  apiDoc({
    tag: 'support',
    summary:
      'Обращение в поддержку; копия уходит на e-mail (не больше 5 в час с устройства или адреса)',
    answers: { 201: s.supportRequest },
    errors: { 422: INVALID, 429: 'Слишком много обращений (support_rate_limited)' },
  }),
  validate('json', s.supportRequestBody),
  async (c) => {
    const { deviceId, geo, session } = c.var.edge;
    const sender = { deviceId, ip: geo.ip, accountId: session.accountId, userId: session.userId };
    const id = await submitSupportRequest(sender, c.req.valid('json'));
    return c.json({ id, message: supportTexts.received }, 201);
  },
);
