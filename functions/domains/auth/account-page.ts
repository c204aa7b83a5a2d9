import { d1 } from '../../db/client.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { accountView, liveSession, toSignedIn } from './repo.ts';
import { nowSeconds } from './session.ts';

export interface AccountSummary {
  id: number;
  email: string | null;
  phone: string | null;
  hasPassword: boolean;
  createdAt: number;
}

/** Statements a settings page adds to its account batch, built on the batch's own binding. */
type AccountPageStatements = (
  db: D1Database,
  accountId: number,
  sessionId: string,
) => D1PreparedStatement[];

/**
 * A settings page's viewer and account, plus the page's own statements, in ONE D1 batch. The
 * session must be live (not revoked, not expired), not only carry a valid token, since settings
 * act on the account. Null when it is not.
 * @example await accountPageData(sessionId, accountId, (db, id) => [listSessions(db, id, now)])
 */
export async function accountPageData(
  sessionId: string,
  accountId: number,
  extra: AccountPageStatements = () => [],
): Promise<{ live: LiveSession; account: AccountSummary; results: D1Result[] } | null> {
  const db = d1();
  const [liveRows, accountRows, ...results] = await db.batch([
    liveSession(db, sessionId, nowSeconds()),
    accountView(db, accountId),
    ...extra(db, accountId, sessionId),
  ]);
  const live = toSignedIn(liveRows!.results[0] as Record<string, unknown> | undefined);
  const account = accountRows!.results[0] as
    | (Omit<AccountSummary, 'hasPassword'> & { hasPassword: number })
    | undefined;
  if (!live || live.accountId !== accountId || !account) return null;
  return { live, account: { ...account, hasPassword: account.hasPassword === 1 }, results };
}
