import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import {
  type AccountSummary,
  accountPageData,
  accountView,
  authTexts,
  nowSeconds,
} from '../auth/index.ts';
import { readControl, toControl } from '../parental/index.ts';
import { linkedProviders, socialsOf } from '../social/index.ts';
import type { AccountAnswer } from './schemas.ts';

/**
 * The account as its owner sees it: the ways to reach it and sign in to it (e-mail, phone,
 * password, social links). Here rather than in auth because the social links and the parental
 * verification are domains that themselves build on auth.
 */

/** GET /auth/account/: the account and its social links in one round trip; 401 once it is gone. */
export async function accountOf(live: LiveSession): Promise<AccountAnswer> {
  const db = d1();
  const [account, links] = await db.batch<Record<string, unknown>>([
    accountView(db, live.accountId),
    linkedProviders(db, live.accountId),
  ]);
  const row = account!.results[0] as
    | (Omit<AccountAnswer, 'hasPassword' | 'socials'> & { hasPassword: number })
    | undefined;
  if (!row) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
  return {
    id: row.id,
    email: row.email,
    phone: row.phone,
    hasPassword: row.hasPassword === 1,
    billingId: row.billingId,
    createdAt: row.createdAt,
    socials: socialsOf(links!.results as { provider: string }[]),
  };
}

/**
 * /settings/account in one round trip: the viewer, the account, its social links (provider and
 * the name the provider gave) and whether this session checked a code lately.
 */
export async function accountSettingsPage(
  sessionId: string,
  accountId: number,
): Promise<{
  live: LiveSession;
  account: AccountSummary;
  linked: Map<string, string>;
  verified: boolean;
} | null> {
  const page = await accountPageData(sessionId, accountId, (db, id, sid) => [
    linkedProviders(db, id),
    readControl(db, id, sid, nowSeconds()),
  ]);
  if (!page) return null;
  const links = page.results[0]!.results as { provider: string; name: string }[];
  return {
    live: page.live,
    account: page.account,
    linked: new Map(links.map((r) => [r.provider, r.name])),
    verified: toControl(page.results[1]!.results[0] as Record<string, unknown> | undefined)
      .verified,
  };
}
