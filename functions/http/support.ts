import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../db/client.ts';
import { messageSender, templates } from '../domains/messages/index.ts';
import {
  createSupportRequest,
  SUPPORT_SUBJECTS,
  type SupportSubject,
  supportTexts,
} from '../domains/support/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import * as shape from './answers.ts';
import { apiDoc, INVALID } from './api-doc.ts';

/** A support request as the popup and the /settings/support form send it. */
export const supportRequestBody = z.object({
  subject: z.enum(Object.keys(SUPPORT_SUBJECTS) as [SupportSubject, ...SupportSubject[]]),
  message: z.string().trim().min(10).max(4000),
  email: z.email().max(254),
  /** The page the visitor wrote from (a path on this site), for the support desk. */
  page: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/)
    .optional(),
});
export type SupportRequestBody = z.infer<typeof supportRequestBody>;

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
    answers: { 201: shape.supportRequest },
    errors: { 422: INVALID, 429: 'Слишком много обращений (support_rate_limited)' },
  }),
  validate('json', supportRequestBody),
  async (c) => {
    const body = c.req.valid('json');
    const id = await submitSupportRequest(c.var.edge, body);
    return c.json({ id, message: supportTexts.received }, 201);
  },
);

/** The one way a support request is made (API and the no-JavaScript form of /settings/support). */
export async function submitSupportRequest(
  edge: AppEnv['Variables']['edge'],
  body: SupportRequestBody,
): Promise<number> {
  const id = await createSupportRequest(db(), {
    email: body.email.toLowerCase(),
    subject: body.subject,
    message: body.message,
    pageUrl: body.page ?? '',
    deviceId: edge.deviceId,
    ip: edge.geo.ip,
    accountId: edge.session.accountId,
    userId: edge.session.userId,
  });
  if (id === null) throw new ApiError(429, supportTexts.tooMany, 'support_rate_limited');
  // The viewer's copy: the request is already stored, so a mail failure must not fail it.
  const copy = templates.supportRequestCopy({
    to: body.email,
    requestId: String(id),
    subject: SUPPORT_SUBJECTS[body.subject],
    text: body.message,
    idempotencyKey: `support-${id}`,
  });
  await messageSender()
    .send(copy)
    .catch((error: unknown) =>
      console.error(
        `support request ${id}: copy not sent`,
        error instanceof Error ? error.message : error,
      ),
    );
  return id;
}
