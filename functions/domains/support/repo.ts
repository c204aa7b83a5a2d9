import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { supportRequests } from '../../db/support-schema.ts';
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
export async function createSupportRequest(db: Db, r: NewSupportRequest): Promise<number | null> {
  const since = sql`unixepoch() - 3600`;
  const recent = db
    .select({ n: sql<number>`count(*)` })
    .from(supportRequests)
    .where(
      and(
        or(eq(supportRequests.deviceId, r.deviceId), eq(supportRequests.ip, r.ip)),
        gt(supportRequests.createdAt, since),
      ),
    );
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO support_requests (account_id, user_id, email, subject, message, page_url, device_id, ip)
    SELECT ${r.accountId}, ${r.userId}, ${r.email}, ${r.subject}, ${r.message}, ${r.pageUrl}, ${r.deviceId}, ${r.ip}
    WHERE (${recent}) < ${SUPPORT_LIMIT_PER_HOUR}
    RETURNING id`);
  return rows[0]?.id ?? null;
}
