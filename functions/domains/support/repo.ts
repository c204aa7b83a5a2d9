import { run } from '../../db/run.ts';
import { firstRow, sql } from '../../db/sql.ts';
import type { SupportSubject } from './texts.ts';

/** At most this many requests per device or address an hour: enough for a person, not for a bot. */
const SUPPORT_LIMIT_PER_HOUR = 5;

interface NewSupportRequest {
  email: string;
  subject: SupportSubject;
  message: string;
  pageUrl: string;
  deviceId: string;
  ip: string;
  accountId: string | null;
  userId: string | null;
}

/**
 * Stores a request unless this device or address already sent the hourly limit; the check and
 * the insert are one statement, so parallel requests cannot slip past the limit.
 * @returns the new request's id, or null when over the limit
 */
export async function createSupportRequest(
  d: D1Database,
  r: NewSupportRequest,
): Promise<number | null> {
  const row = await run(
    firstRow<{ id: number }>(
      d,
      sql`INSERT INTO support_requests (account_id, user_id, email, subject, message, page_url, device_id, ip)
          SELECT ${r.accountId}, ${r.userId}, ${r.email}, ${r.subject}, ${r.message}, ${r.pageUrl}, ${r.deviceId}, ${r.ip}
          WHERE (SELECT count(*) FROM support_requests
                 WHERE (device_id = ${r.deviceId} OR ip = ${r.ip}) AND created_at > unixepoch() - 3600)
                < ${SUPPORT_LIMIT_PER_HOUR}
          RETURNING id`,
    ),
  );
  return row?.id ?? null;
}
