import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { d1 } from '../../db/client.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { config } from '../../lib/config.ts';
import { COOKIE } from '../../lib/cookies.ts';
import { ApiError } from '../../lib/errors.ts';
import { readToken } from '../../lib/session-token.ts';
import { validate } from '../../lib/validate.ts';
import {
  accountView,
  listSessions,
  revokeAccountSessions,
  revokeByCredential,
  revokeById,
  revokeSession,
  type SessionListItem,
  toSignedIn,
  touchSession,
} from './auth.repo.ts';
import { confirmContactChange, requestContactChange } from './contact-change.ts';
import {
  changeWithCurrent,
  changeWithToken,
  exchangeResetCode,
  requestReset,
} from './password-reset.ts';
import {
  changePasswordBody,
  emailBody,
  emailChangeBody,
  emailCodeBody,
  emailQuery,
  phoneBody,
  phoneChangeBody,
  phoneCodeBody,
  phoneSignInBody,
  sessionParam,
  signInBody,
  signUpBody,
} from './schemas.ts';
import { type Contact, contactKind } from './send-code.ts';
import {
  clearSessionCookies,
  nowSeconds,
  renewFromCookie,
  requireLiveSession,
  setSessionCookies,
} from './session.ts';
import { passwordSignIn } from './sign-in.ts';
import { completeSignUp, phoneCodeSignIn, requestPhoneCode, requestSignUp } from './sign-up.ts';
import { linkedProviders, socialsOf } from './social/social.repo.ts';
import { authTexts } from './texts.ts';
import { accessToken, readCredential, type SignedIn } from './tokens.ts';

const CODE_SENT = { status: 'code_sent' } as const;

/**
 * Our paths for changing the e-mail or phone, two steps like sign-up: without `code` a code goes
 * to the new address (202); with it the address changes and the other sessions end.
 */
async function changeContact(
  c: Context<AppEnv>,
  contact: Contact,
  body: { password?: string; code?: string },
) {
  const live = await requireLiveSession(c);
  const origin = config().siteOrigin;
  const ip = c.var.edge.geo.ip;
  if (body.code === undefined) {
    await requestContactChange(ip, live, contact, body.password, origin, nowSeconds());
    return c.json(CODE_SENT, 202);
  }
  const ended = await confirmContactChange(ip, live, contact, body.code, origin, nowSeconds());
  return c.json({
    status: `${contactKind(contact)}_changed`,
    signedOut: 'others',
    endedSessions: ended,
  });
}

const answerOf = (s: SignedIn, token: string) => ({
  token,
  accountId: s.accountId,
  userId: s.userId,
  billingId: s.billingId,
  isKid: s.isKid,
});

/**
 * The accounts API under /auth (spec section 7): e-mail and phone sign-in, sign-up, password
 * reset and change, token renewal, account, logout, and device sessions (our paths). Nothing
 * here may be stored by any cache.
 */
export const authRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })

  // Validates an address and says nothing about accounts (docs/decisions.md).
  .get('/email/check', validate('query', emailQuery), (c) => c.json({ valid: true }))
  .post('/email/check', validate('json', emailBody), (c) => c.json({ valid: true }))

  .post('/email/sign_up', validate('json', signUpBody), async (c) => {
    const { email, password, code } = c.req.valid('json');
    if (code === undefined) {
      await requestSignUp(c, email);
      return c.json(CODE_SENT, 202);
    }
    return c.json(await completeSignUp(c, email, password, code, nowSeconds()), 201);
  })

  .post('/email/sign_in', validate('json', signInBody), async (c) => {
    const { email, password } = c.req.valid('json');
    return c.json(await passwordSignIn(c, { email }, password, nowSeconds()));
  })

  .post('/phone/check', validate('json', phoneBody), async (c) => {
    await requestPhoneCode(c, c.req.valid('json').phone);
    return c.json(CODE_SENT, 202);
  })

  .post('/phone/sign_in', validate('json', phoneSignInBody), async (c) => {
    const { phone, code, password } = c.req.valid('json');
    if (code !== undefined) return c.json(await phoneCodeSignIn(c, phone, code, nowSeconds()));
    return c.json(await passwordSignIn(c, { phone }, password ?? '', nowSeconds()));
  })

  .post('/email/reset_pass', validate('json', emailBody), async (c) => {
    await requestReset(c, { email: c.req.valid('json').email });
    return c.json(CODE_SENT, 202);
  })
  .post('/phone/reset_pass', validate('json', phoneBody), async (c) => {
    await requestReset(c, { phone: c.req.valid('json').phone });
    return c.json(CODE_SENT, 202);
  })
  .post('/email/change_pass_token', validate('json', emailCodeBody), async (c) => {
    const { email, code } = c.req.valid('json');
    return c.json({ token: await exchangeResetCode(c, { email }, code, nowSeconds()) });
  })
  .post('/phone/change_pass_token', validate('json', phoneCodeBody), async (c) => {
    const { phone, code } = c.req.valid('json');
    return c.json({ token: await exchangeResetCode(c, { phone }, code, nowSeconds()) });
  })

  .post('/email/change', validate('json', emailChangeBody), (c) => {
    const { email, ...proof } = c.req.valid('json');
    return changeContact(c, { email }, proof);
  })
  .post('/phone/change', validate('json', phoneChangeBody), (c) => {
    const { phone, ...proof } = c.req.valid('json');
    return changeContact(c, { phone }, proof);
  })

  .post('/change_password', validate('json', changePasswordBody), async (c) => {
    const { token, current_password: current, new_password: next } = c.req.valid('json');
    if (token !== undefined) {
      await changeWithToken(c, token, next, nowSeconds());
      return c.json({ status: 'password_changed', signedOut: 'all' });
    }
    const live = await requireLiveSession(c);
    const ended = await changeWithCurrent(live, current ?? '', next, nowSeconds());
    return c.json({ status: 'password_changed', signedOut: 'others', endedSessions: ended });
  })

  // Spec section 4: renews from the HttpOnly session cookie, or from a verified token of a live
  // session even when its payload lacks the hash.
  .post('/jwt/renew', async (c) => {
    const { renewal } = c.var.edge;
    if (renewal) return c.json(answerOf(renewal.live, renewal.token));
    const now = nowSeconds();
    const fromCookie = await renewFromCookie(c, now);
    if (fromCookie && fromCookie !== 'dead') {
      setSessionCookies(c, fromCookie.live, fromCookie.token);
      return c.json(answerOf(fromCookie.live, fromCookie.token));
    }
    const secret = config().jwtSecret;
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    for (const candidate of [bearer, getCookie(c, COOKIE.token)]) {
      const sid = (await readToken(candidate, secret))?.sid;
      if (typeof sid !== 'string') continue;
      const live = toSignedIn(await touchSession(d1(), sid, null, now).first());
      if (!live) break;
      const token = await accessToken(live, secret, now);
      setSessionCookies(c, live, token);
      return c.json(answerOf(live, token));
    }
    if (fromCookie === 'dead') clearSessionCookies(c, { logout: false });
    throw new ApiError(401, authTexts.unauthorized, 'unauthorized');
  })

  .get('/account', async (c) => {
    const live = await requireLiveSession(c);
    const db = d1();
    const [account, links] = await db.batch<Record<string, unknown>>([
      accountView(db, live.accountId),
      linkedProviders(db, live.accountId),
    ]);
    const row = account!.results[0] as
      | {
          id: number;
          email: string | null;
          phone: string | null;
          hasPassword: number;
          billingId: string;
          createdAt: number;
        }
      | undefined;
    if (!row) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
    // Social links of the account (spec section 3: fb, vk, ok, ya, gp).
    const socials = socialsOf(links!.results as { provider: string }[]);
    return c.json({
      id: row.id,
      email: row.email,
      phone: row.phone,
      hasPassword: row.hasPassword === 1,
      billingId: row.billingId,
      createdAt: row.createdAt,
      socials,
    });
  })

  // Spec section 4: always succeeds, signed in or not; ends this device's session.
  .post('/logout', async (c) => {
    const db = d1();
    const now = nowSeconds();
    const credential = await readCredential(getCookie(c, COOKIE.session));
    const sid = c.var.edge.session.sessionId;
    const ends = [
      credential && revokeByCredential(db, credential.id, credential.secretHash, now),
      sid && revokeById(db, sid, now),
    ].filter((s): s is D1PreparedStatement => Boolean(s));
    if (ends.length > 0) await db.batch(ends);
    clearSessionCookies(c, { logout: true });
    // The account menu's form without JavaScript: back to the home page as a guest.
    if (c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded'))
      return c.redirect('/', 303);
    return c.json({ status: 'logged_out' });
  })

  // Our paths for /settings/devices: every signed-in device, end one, end all others.
  .get('/sessions', async (c) => {
    const live = await requireLiveSession(c);
    const { results } = await listSessions(
      d1(),
      live.accountId,
      nowSeconds(),
    ).all<SessionListItem>();
    return c.json({
      count: results.length,
      results: results.map((s) => ({ ...s, current: s.id === live.sessionId })),
    });
  })
  .post('/sessions/revoke-others', async (c) => {
    const live = await requireLiveSession(c);
    const { meta } = await revokeAccountSessions(
      d1(),
      live.accountId,
      live.sessionId,
      nowSeconds(),
    ).run();
    return c.json({ status: 'revoked', endedSessions: meta.changes });
  })
  .delete('/sessions/:id', validate('param', sessionParam), async (c) => {
    const live = await requireLiveSession(c);
    const { id } = c.req.valid('param');
    const { meta } = await revokeSession(d1(), live.accountId, id, nowSeconds()).run();
    if (meta.changes === 0) throw new ApiError(404, authTexts.sessionNotFound, 'session_not_found');
    if (id === live.sessionId) clearSessionCookies(c, { logout: true });
    return c.json({ status: 'revoked', endedSessions: 1 });
  });
