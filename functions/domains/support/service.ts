import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { logger } from '../../lib/log.ts';
import { messageSender, templates } from '../messages/index.ts';
import { createSupportRequest } from './repo.ts';
import type { SupportRequestBody } from './schemas.ts';
import { SUPPORT_SUBJECTS, supportTexts } from './texts.ts';

/** Who writes: the device and IP the hourly limit counts, and the account if signed in. */
export interface SupportSender {
  deviceId: string;
  ip: string;
  accountId: string | null;
  userId: string | null;
}

/**
 * The one way a support request is made (the API and the no-JavaScript form of /settings/support):
 * stored (at most 5 an hour per device or address, else a 429), then the viewer's copy is mailed.
 * Answers the request's number.
 */
export async function submitSupportRequest(
  sender: SupportSender,
  body: SupportRequestBody,
): Promise<number> {
  const id = await createSupportRequest(d1(), {
    email: body.email.toLowerCase(),
    subject: body.subject,
    message: body.message,
    pageUrl: body.page ?? '',
    deviceId: sender.deviceId,
    ip: sender.ip,
    accountId: sender.accountId,
    userId: sender.userId,
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
    .catch((error: unknown) => logger.error('support.copy_not_sent', { requestId: id, error }));
  return id;
}
