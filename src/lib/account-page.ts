import type { AstroGlobal } from 'astro';
import { d1 } from '../../functions/db/client.ts';
import {
  accountView,
  liveSession,
  nowSeconds,
  SESSION_COOKIES,
  toSignedIn,
} from '../../functions/domains/auth/index.ts';
import type { LiveSession } from '../../functions/lib/session-token.ts';

export interface AccountSummary {
  id: number;
  email: string | null;
  phone: string | null;
  hasPassword: boolean;
  createdAt: number;
}

/**
 * A settings page's viewer and account, plus the page's own statements, in ONE D1 batch. The
 * session must be live (not revoked, not expired), not only carry a valid token, since settings
 * act on the account. Null when it is not: the page then sends the visitor to sign in.
 * @example const page = await loadAccountPage(Astro, (db, accountId) => [listSessions(db, accountId, now)]);
 */
export async function loadAccountPage(
  Astro: AstroGlobal,
  extra: (db: D1Database, accountId: number, sessionId: string) => D1PreparedStatement[] = () => [],
): Promise<{ live: LiveSession; account: AccountSummary; results: D1Result[] } | null> {
  const { session, renewal } = Astro.locals.edge;
  const sessionId = renewal?.live.sessionId ?? session.sessionId;
  const accountId = Number(renewal?.live.accountId ?? session.accountId);
  if (!session.signedIn || !sessionId || !Number.isInteger(accountId)) return null;
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

/**
 * A redirect that also expires cookies (Astro's cookie jar is not applied to redirects here).
 * @example return redirectClearing('/', LOGOUT_COOKIES)
 */
export function redirectClearing(
  location: string,
  names: readonly string[],
  status = 302,
): Response {
  const headers = new Headers({ Location: location });
  for (const name of names)
    headers.append(
      'Set-Cookie',
      `${name}=; Max-Age=0; Path=/; SameSite=Lax${name === 'session' ? '; HttpOnly' : ''}`,
    );
  return new Response(null, { status, headers });
}

/**
 * Where a settings page sends a visitor without a live session: its sign-in entry point. A token
 * whose session has ended (revoked on another device, password changed) is cleared first, or the
 * entry point would take it for signed in and send the visitor straight back.
 */
export function toSignIn(Astro: AstroGlobal, entry = '/settings/auth'): Response {
  return Astro.locals.edge.session.signedIn
    ? redirectClearing(entry, SESSION_COOKIES)
    : Astro.redirect(entry);
}
