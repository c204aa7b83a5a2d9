import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  authTexts,
  type Contact,
  changePasswordBody,
  changeWithCurrent,
  changeWithToken,
  clearSessionCookies,
  completeSignUp,
  contactKind,
  deviceSessions,
  emailBody,
  emailChangeBody,
  emailCodeBody,
  emailQuery,
  endOtherSessions,
  endSession,
  endThisDevice,
  exchangeResetCode,
  nowSeconds,
  passwordSignIn,
  phoneBody,
  phoneChangeBody,
  phoneCodeBody,
  phoneCodeSignIn,
  phoneSignInBody,
  renewFromCookie,
  renewFromToken,
  requestPhoneCode,
  requestReset,
  requestSignUp,
  requireLiveSession,
  type SignedIn,
  sessionParam,
  setSessionCookies,
  signInBody,
  signUpBody,
} from '../domains/auth/index.ts';
import {
  accountOf,
  confirmContactChange,
  requestContactChange,
} from '../domains/contacts/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { COOKIE } from '../shared/cookies.ts';

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
  const origin = new URL(c.req.url).origin;
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
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const renewed = await renewFromToken([bearer, getCookie(c, COOKIE.token)], now);
    if (renewed) {
      setSessionCookies(c, renewed.live, renewed.token);
      return c.json(answerOf(renewed.live, renewed.token));
    }
    if (fromCookie === 'dead') clearSessionCookies(c, { logout: false });
    throw new ApiError(401, authTexts.unauthorized, 'unauthorized');
  })

  .get('/account', async (c) => {
    const live = await requireLiveSession(c);
    return c.json(await accountOf(live));
  })

  // Spec section 4: always succeeds, signed in or not; ends this device's session.
  .post('/logout', async (c) => {
    await endThisDevice(getCookie(c, COOKIE.session), c.var.edge.session.sessionId);
    clearSessionCookies(c, { logout: true });
    // The account menu's form without JavaScript: back to the home page as a guest.
    if (c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded'))
      return c.redirect('/', 303);
    return c.json({ status: 'logged_out' });
  })

  // Our paths for /settings/devices: every signed-in device, end one, end all others.
  .get('/sessions', async (c) => {
    const results = await deviceSessions(await requireLiveSession(c));
    return c.json({ count: results.length, results });
  })
  .post('/sessions/revoke-others', async (c) => {
    const ended = await endOtherSessions(await requireLiveSession(c));
    return c.json({ status: 'revoked', endedSessions: ended });
  })
  .delete('/sessions/:id', validate('param', sessionParam), async (c) => {
    const live = await requireLiveSession(c);
    const { own } = await endSession(live, c.req.valid('param').id);
    if (own) clearSessionCookies(c, { logout: true });
    return c.json({ status: 'revoked', endedSessions: 1 });
  });
