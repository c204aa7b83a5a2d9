import { d1 } from '../../db/client.ts';
import type { ClientFacts, EdgeContext } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { safeBackPath } from '../../shared/back-path.ts';
import {
  COOKIE,
  type CookieAttributes,
  type CookieToSet,
  expiredCookie,
} from '../../shared/cookies.ts';
import { SECONDS } from '../../shared/ru.ts';
import {
  answerFromInsert,
  authTexts,
  ensureFirstProfile,
  insertAccount,
  insertSession,
  newCredential,
  nowSeconds,
  pseudonym,
  replacePrevious,
  requireLiveSession,
  takeOrThrow,
  tellRevoked,
  type WithCookies,
} from '../auth/index.ts';
import { authorizeUrl, exchangeCode, fetchUser } from './oauth-client.ts';
import {
  ADAPTERS,
  type ProviderUser,
  type ResolvedProvider,
  resolveProvider,
  type SocialProvider,
} from './providers.ts';
import { type ConsumedState, consumeState, findLink, insertLink, insertState } from './repo.ts';
import { isSocialErrorReason, type SocialErrorReason, socialError } from './texts.ts';

/** A flow must come back within 10 minutes. */
const STATE_SECONDS = 10 * SECONDS.minute;
/** Flows one IP may start in 10 minutes (each is a D1 row). */
const STARTS_PER_IP = { max: 30, seconds: 10 * SECONDS.minute };

const redirectUri = (origin: string, provider: SocialProvider) =>
  `${origin}/auth/socials/${provider}/check`;

/** The state cookie: HttpOnly, only sent back to /auth/socials, for the life of a flow. */
const stateCookie = (secure: boolean): CookieAttributes => ({
  path: '/auth/socials',
  httpOnly: true,
  sameSite: 'Lax',
  secure,
});

/** What the check step reads of the request: its query, the state cookie and the browser. */
export interface CheckRequest {
  query: Record<string, string>;
  stateCookie: string | undefined;
  client: ClientFacts;
  /** The edge's view of the session, for a `bind` flow (which needs the live session). */
  edge: Pick<EdgeContext, 'session' | 'renewal'>;
}

function usable(provider: SocialProvider): ResolvedProvider {
  const p = resolveProvider(provider, config().siteOrigin);
  if (!p) throw socialError('provider_unavailable', ADAPTERS[provider].label);
  return p;
}

/**
 * Starts an authorization-code flow: a fresh `state` and PKCE verifier kept in D1 (10 minutes,
 * single use), the state also in an HttpOnly cookie of this browser, and the provider's authorize
 * URL to send the browser to (the answer) with that cookie. `bind` flows remember the account and
 * session that started them.
 */
export async function startFlow(
  client: ClientFacts,
  provider: SocialProvider,
  o: { purpose: 'sign_in' | 'bind'; backPath: string; live?: LiveSession },
): Promise<WithCookies<string>> {
  const p = usable(provider);
  const now = nowSeconds();
  await takeOrThrow([{ key: await pseudonym('social-ip', client.ip), ...STARTS_PER_IP }], now);
  const state = randomToken(32);
  const codeVerifier = randomToken(32);
  await insertState(
    d1(),
    {
      stateHash: await sha256(state),
      provider,
      purpose: o.purpose,
      codeVerifier,
      backPath: o.backPath,
      accountId: o.live?.accountId ?? null,
      sessionId: o.live?.sessionId ?? null,
    },
    now,
    STATE_SECONDS,
  ).run();
  const answer = authorizeUrl(p, {
    redirectUri: redirectUri(config().siteOrigin, provider),
    state,
    codeChallenge: await sha256(codeVerifier),
  });
  const options = { ...stateCookie(client.secure), maxAge: STATE_SECONDS };
  return { answer, cookies: [{ name: COOKIE.socialState, value: state, options }] };
}

/** Where an error of the check step is shown: the sign-in screen, or (binding) the page that started it. */
function errorLocation(
  signedIn: boolean,
  reason: SocialErrorReason,
  provider: SocialProvider,
  flow: ConsumedState | null,
): string {
  const binding = flow ? flow.purpose === 'bind' : signedIn;
  const url = new URL(
    binding ? (flow?.backPath ?? '/settings/account') : '/auth',
    'https://site.invalid',
  );
  url.searchParams.set('socialError', reason);
  url.searchParams.set('social', provider);
  if (!binding && flow && flow.backPath !== '/') url.searchParams.set('backPath', flow.backPath);
  return url.pathname + url.search;
}

/**
 * The redirect URI (`GET /auth/socials/{p}/check?code=&state=`): spends the state, exchanges the code
 * with the PKCE verifier, reads the user, then signs in (or creates the account) or links. Always
 * answers where to redirect (to the back path, or to the page that shows the social-error popup)
 * with the cookies: the spent state's cleared, then a new session's.
 */
export async function checkFlow(
  provider: SocialProvider,
  { query, stateCookie: cookieState, client, edge }: CheckRequest,
): Promise<WithCookies<string>> {
  const spent = expiredCookie(COOKIE.socialState, stateCookie(client.secure));
  let flow: ConsumedState | null = null;
  try {
    const state = query.state ?? '';
    // The state must be the one this browser started (login CSRF) and unspent (replay).
    if (!/^[A-Za-z0-9_-]{43}$/.test(state) || cookieState !== state)
      throw socialError('state_invalid');
    const now = nowSeconds();
    flow = await consumeState(d1(), await sha256(state), now).first<ConsumedState>();
    if (!flow || flow.provider !== provider || flow.expiresAt <= now)
      throw socialError('state_invalid');
    const p = usable(provider);
    if (query.error)
      throw socialError(query.error === 'access_denied' ? 'cancelled' : 'provider_error', p.label);
    if (!query.code) throw socialError('provider_error', p.label);
    const echo = Object.fromEntries(
      (p.echoParams ?? []).filter((k) => query[k]).map((k) => [k, query[k]!]),
    );
    const token = await exchangeCode(p, {
      code: query.code,
      redirectUri: redirectUri(config().siteOrigin, provider),
      codeVerifier: flow.codeVerifier,
      state,
      echo,
    });
    const user = await fetchUser(p, token);
    let cookies: CookieToSet[] = [];
    if (flow.purpose === 'bind') await bindIdentity(edge, p, flow, user, now);
    else cookies = await signInWith(client, p, user, now);
    return { answer: safeBackPath(flow.backPath) ?? '/', cookies: [spent, ...cookies] };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const reason = isSocialErrorReason(error.reason)
      ? error.reason
      : error.status === 429
        ? 'rate_limited'
        : 'provider_error';
    return {
      answer: errorLocation(edge.session.signedIn, reason, provider, flow),
      cookies: [spent],
    };
  }
}

/**
 * Signs in the account linked to the identity, or creates one: account (with the provider's
 * confirmed e-mail), first adult profile, link and session in one batch (one transaction). An
 * identity is never joined to an existing account by e-mail: whoever controls a provider profile
 * with someone's address would get their account. That owner signs in and binds instead.
 * Answers the session's cookies.
 */
async function signInWith(
  client: ClientFacts,
  p: ResolvedProvider,
  user: ProviderUser,
  now: number,
): Promise<CookieToSet[]> {
  const db = d1();
  const credential = await newCredential();
  const previous = await replacePrevious(client.sessionCookie, now);
  for (let attempt = 0; attempt < 2; attempt++) {
    const linked = await findLink(db, p.id, user.id).first<{ accountId: number }>();
    if (linked) {
      const [inserted, ...rest] = await db.batch<Record<string, unknown>>([
        insertSession(db, { id: linked.accountId }, credential, client.device, now),
        ...previous,
      ]);
      await tellRevoked(rest, now, { replaced: true });
      return (await answerFromInsert(inserted, credential, now, client.secure)).cookies;
    }
    if (!user.email || !user.emailVerified) throw socialError('email_required', p.label);
    const email = user.email;
    try {
      const results = await db.batch<Record<string, unknown>>([
        insertAccount(db, { email, billingId: crypto.randomUUID() }, now),
        ensureFirstProfile(
          db,
          { email },
          user.name.trim().slice(0, 40) || authTexts.defaultProfileName,
          now,
        ),
        insertLink(db, { email }, p.id, user.id, user.name, now),
        insertSession(db, { email }, credential, client.device, now),
        ...previous,
      ]);
      await tellRevoked(results, now, { replaced: true });
      return (await answerFromInsert(results[3], credential, now, client.secure)).cookies;
    } catch (error) {
      if (/UNIQUE constraint failed: accounts\.email/.test(String(error)))
        throw socialError('email_taken', p.label);
      // The same identity signed up in another request a moment ago: sign in to that account.
      if (!/UNIQUE constraint failed: social_links/.test(String(error))) throw error;
    }
  }
  throw socialError('provider_error', p.label);
}

/** Links the identity to the account that started the flow, from a live session of that account. */
async function bindIdentity(
  edge: Pick<EdgeContext, 'session' | 'renewal'>,
  p: ResolvedProvider,
  flow: ConsumedState,
  user: ProviderUser,
  now: number,
): Promise<void> {
  const live = await requireLiveSession(edge).catch(() => null);
  if (!live || live.accountId !== flow.accountId) throw socialError('bind_session', p.label);
  const db = d1();
  const linked = await findLink(db, p.id, user.id).first<{ accountId: number }>();
  if (linked) {
    if (linked.accountId === live.accountId) return;
    throw socialError('linked_elsewhere', p.label);
  }
  try {
    await insertLink(db, { id: live.accountId }, p.id, user.id, user.name, now).run();
  } catch (error) {
    const text = String(error);
    if (/UNIQUE constraint failed: social_links\.account_id/.test(text))
      throw socialError('already_bound', p.label);
    if (/UNIQUE constraint failed: social_links\.provider/.test(text))
      throw socialError('linked_elsewhere', p.label);
    throw error;
  }
}
