import { logger } from '../../lib/log.ts';
import { sessionsEnded } from '../playback/index.ts';

/**
 * Tells each account's stream-limit object which of its sessions a batch revoked (the rows of
 * REVOKED_RETURNING, wherever they are in the batch), so their streams stop and their heartbeats,
 * which read no D1, answer session_ended (docs/decisions.md, «Progress lives in the account's
 * Durable Object»). Call it after every batch or statement that revokes sessions; `replaced`
 * when the browser signed in again over its own session (`replacePrevious`): its video goes on.
 * @example await tellRevoked(await db.batch([revokeById(db, id, now)]), now)
 */
export async function tellRevoked(
  results: readonly D1Result<unknown>[] | D1Result<unknown>,
  now: number,
  { replaced = false }: { replaced?: boolean } = {},
): Promise<void> {
  const ended = [results]
    .flat()
    .flatMap((r) => (r.results ?? []) as Record<string, unknown>[])
    .filter((row) => typeof row?.revokedSession === 'string')
    .map((row) => ({
      sessionId: row.revokedSession as string,
      accountId: Number(row.revokedAccount),
    }));
  if (ended.length === 0) return;
  // D1 has already ended them: a failed notice must not fail the answer. The object then learns
  // of it no later than the session's access token (15 minutes) or its own expiry.
  await sessionsEnded(ended, now, { keepStreams: replaced }).catch((error: unknown) =>
    logger.warn('auth.revocation_notice_failed', { error: String(error), count: ended.length }),
  );
}
