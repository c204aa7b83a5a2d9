import { type Context, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { assertMayManageAccount } from '../access/index.ts';
import {
  authSchemas,
  authTexts,
  type Contact,
  changePasswordBody,
  changeWithCurrent,
  changeWithToken,
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
  expiredSessionCookies,
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
  sessionCookies,
  sessionParam,
  signInBody,
  signUpBody,
} from '../domains/auth/index.ts';
import {
  accountOf,
  confirmContactChange,
  contactSchemas,
  requestContactChange,
} from '../domains/contacts/index.ts';
import { assertMaySignIn, assertMaySignOut } from '../domains/parental/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { applyCookies } from '../lib/cookies.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { COOKIE } from '../shared/cookies.ts';
import * as shape from './answers.ts';
import { apiDoc, BAD_CODE, INVALID, LIMITED } from './api-doc.ts';

const CODE_SENT = { status: 'code_sent' } as const;

/** This request's live session, or null for a guest or a session already over (logout accepts both). */
async function liveOrNull(c: Context<AppEnv>) {
  try {
    return await requireLiveSession(c.var.edge);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * Our paths for changing the e-mail or phone, two steps like sign-up: without `code` a code goes
 * to the new address (202); with it the address changes and the other sessions end.
 */
async function changeContact(
  c: Context<AppEnv>,
  contact: Contact,
  body: { password?: string; code?: string },
) {
  const live = await requireLiveSession(c.var.edge);
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
 * The accounts API under /auth (docs/product.md, «How the site talks to the API»): e-mail and phone sign-in, sign-up, password
 * reset and change, token renewal, account, logout, and device sessions (our paths). Nothing
 * here may be stored by any cache.
 */
export const authRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })

  // Validates an address and says nothing about accounts (docs/decisions.md).
  .get(
    '/email/check',
    apiDoc({
      tag: 'auth',
      summary: 'Проверка адреса; не сообщает, есть ли аккаунт',
      answers: { 200: authSchemas.valid },
      errors: { 422: 'Некорректный e-mail' },
    }),
  )
  .get('/email/check', validate('query', emailQuery), (c) => c.json({ valid: true }))
  .post(
    '/email/check',
    apiDoc({
      tag: 'auth',
      summary: 'Проверка адреса; не сообщает, есть ли аккаунт',
      answers: { 200: authSchemas.valid },
      errors: { 422: 'Некорректный e-mail' },
    }),
  )
  .post('/email/check', validate('json', emailBody), (c) => c.json({ valid: true }))

  .post(
    '/email/sign_up',
    apiDoc({
      tag: 'auth',
      summary: 'Регистрация: без code отправляет код на e-mail; с code создаёт аккаунт и входит',
      answers: { 201: authSchemas.signedIn, 202: authSchemas.codeSent },
      errors: {
        400: BAD_CODE,
        403: 'Детский профиль при включённом родительском контроле (kid_profile)',
        409: 'Аккаунт с этим e-mail уже есть',
        422: INVALID,
        429: LIMITED,
      },
      sends: true,
    }),
  )
  .post('/email/sign_up', validate('json', signUpBody), async (c) => {
    const { email, password, code } = c.req.valid('json');
    if (code === undefined) {
      await requestSignUp(c.var.edge.client.ip, email);
      return c.json(CODE_SENT, 202);
    }
    await assertMaySignIn(c.var.edge);
    const signedUp = await completeSignUp(c.var.edge.client, email, password, code, nowSeconds());
    applyCookies(c, signedUp.cookies);
    return c.json(signedUp.answer, 201);
  })

  .post(
    '/email/sign_in',
    apiDoc({
      tag: 'auth',
      summary: 'Вход по e-mail и паролю',
      answers: { 200: authSchemas.signedIn },
      errors: {
        401: 'Неверный e-mail или пароль',
        403: 'Детский профиль при включённом родительском контроле (kid_profile)',
        422: INVALID,
        429: 'Вход временно заблокирован или слишком много попыток (Retry-After)',
      },
    }),
  )
  .post('/email/sign_in', validate('json', signInBody), async (c) => {
    const { email, password } = c.req.valid('json');
    await assertMaySignIn(c.var.edge);
    const signedIn = await passwordSignIn(c.var.edge.client, { email }, password, nowSeconds());
    applyCookies(c, signedIn.cookies);
    return c.json(signedIn.answer);
  })

  .post(
    '/phone/check',
    apiDoc({
      tag: 'auth',
      summary:
        'Отправляет код входа по SMS (10 минут, одна попытка из пяти, не чаще раза в минуту)',
      answers: { 202: authSchemas.codeSent },
      errors: { 422: 'Неверный номер', 429: LIMITED },
      sends: true,
    }),
  )
  .post('/phone/check', validate('json', phoneBody), async (c) => {
    await requestPhoneCode(c.var.edge.client.ip, c.req.valid('json').phone);
    return c.json(CODE_SENT, 202);
  })

  .post(
    '/phone/sign_in',
    apiDoc({
      tag: 'auth',
      summary: 'Вход по телефону: код из SMS (первый вход создаёт аккаунт) или пароль',
      answers: { 200: authSchemas.phoneSignedIn },
      errors: {
        400: BAD_CODE,
        401: 'Неверный номер телефона или пароль',
        403: 'Детский профиль при включённом родительском контроле (kid_profile)',
        422: INVALID,
        429: LIMITED,
      },
    }),
  )
  .post('/phone/sign_in', validate('json', phoneSignInBody), async (c) => {
    const { phone, code, password } = c.req.valid('json');
    const { client } = c.var.edge;
    await assertMaySignIn(c.var.edge);
    const signedIn =
      code !== undefined
        ? await phoneCodeSignIn(client, phone, code, nowSeconds())
        : await passwordSignIn(client, { phone }, password ?? '', nowSeconds());
    applyCookies(c, signedIn.cookies);
    return c.json(signedIn.answer);
  })

  .post(
    '/email/reset_pass',
    apiDoc({
      tag: 'auth',
      summary: 'Восстановление пароля: код на e-mail',
      answers: { 202: authSchemas.codeSent },
      errors: { 422: 'Некорректный e-mail', 429: LIMITED },
      sends: true,
    }),
  )
  .post('/email/reset_pass', validate('json', emailBody), async (c) => {
    await requestReset(c.var.edge.client.ip, { email: c.req.valid('json').email });
    return c.json(CODE_SENT, 202);
  })
  .post(
    '/phone/reset_pass',
    apiDoc({
      tag: 'auth',
      summary: 'Восстановление пароля: код по SMS',
      answers: { 202: authSchemas.codeSent },
      errors: { 422: 'Неверный номер', 429: LIMITED },
      sends: true,
    }),
  )
  .post('/phone/reset_pass', validate('json', phoneBody), async (c) => {
    await requestReset(c.var.edge.client.ip, { phone: c.req.valid('json').phone });
    return c.json(CODE_SENT, 202);
  })
  .post(
    '/email/change_pass_token',
    apiDoc({
      tag: 'auth',
      summary: 'Код восстановления → одноразовый токен смены пароля (10 минут)',
      answers: { 200: authSchemas.resetToken },
      errors: { 400: BAD_CODE, 422: INVALID, 429: LIMITED },
    }),
  )
  .post('/email/change_pass_token', validate('json', emailCodeBody), async (c) => {
    const { email, code } = c.req.valid('json');
    const ip = c.var.edge.client.ip;
    return c.json({ token: await exchangeResetCode(ip, { email }, code, nowSeconds()) });
  })
  .post(
    '/phone/change_pass_token',
    apiDoc({
      tag: 'auth',
      summary: 'Код восстановления → одноразовый токен смены пароля (10 минут)',
      answers: { 200: authSchemas.resetToken },
      errors: { 400: BAD_CODE, 422: INVALID, 429: LIMITED },
    }),
  )
  .post('/phone/change_pass_token', validate('json', phoneCodeBody), async (c) => {
    const { phone, code } = c.req.valid('json');
    const ip = c.var.edge.client.ip;
    return c.json({ token: await exchangeResetCode(ip, { phone }, code, nowSeconds()) });
  })

  .post(
    '/email/change',
    apiDoc({
      tag: 'auth',
      auth: true,
      sends: true,
      summary:
        'Смена e-mail (наш путь): без code — код на новый адрес после текущего пароля или свежей проверки кодом; с code — новый адрес, остальные сеансы завершаются',
      answers: { 200: contactSchemas.contactChanged('email'), 202: authSchemas.codeSent },
      errors: {
        400: 'Тот же адрес или неверный код',
        403: 'Нужен текущий пароль или свежая проверка кодом',
        409: 'Адрес занят другим аккаунтом',
        422: INVALID,
        429: 'Слишком много попыток',
      },
    }),
  )
  .post('/email/change', validate('json', emailChangeBody), (c) => {
    const { email, ...proof } = c.req.valid('json');
    return changeContact(c, { email }, proof);
  })
  .post(
    '/phone/change',
    apiDoc({
      tag: 'auth',
      auth: true,
      sends: true,
      summary: 'Смена или добавление телефона (наш путь), как смена e-mail, код — по SMS',
      answers: { 200: contactSchemas.contactChanged('phone'), 202: authSchemas.codeSent },
      errors: {
        400: 'Тот же номер или неверный код',
        403: 'Нужен текущий пароль или свежая проверка кодом',
        409: 'Номер занят другим аккаунтом',
        422: INVALID,
        429: 'Слишком много попыток',
      },
    }),
  )
  .post('/phone/change', validate('json', phoneChangeBody), (c) => {
    const { phone, ...proof } = c.req.valid('json');
    return changeContact(c, { phone }, proof);
  })

  .post(
    '/change_password',
    apiDoc({
      tag: 'auth',
      summary:
        'Смена пароля: по токену восстановления (завершает все сеансы) или по текущему паролю (завершает остальные)',
      answers: { 200: authSchemas.passwordChanged },
      errors: {
        400: 'Токен устарел или у аккаунта нет пароля',
        401: 'Нужен вход (для смены по текущему паролю)',
        403: 'Неверный текущий пароль',
        422: INVALID,
        429: 'Вход временно заблокирован',
      },
    }),
  )
  .post('/change_password', validate('json', changePasswordBody), async (c) => {
    const { token, current_password: current, new_password: next } = c.req.valid('json');
    if (token !== undefined) {
      const { session, client } = c.var.edge;
      const viewer = { accountId: session.accountId, secure: client.secure };
      applyCookies(c, await changeWithToken(viewer, token, next, nowSeconds()));
      return c.json({ status: 'password_changed', signedOut: 'all' });
    }
    const live = await requireLiveSession(c.var.edge);
    const ended = await changeWithCurrent(live, current ?? '', next, nowSeconds());
    return c.json({ status: 'password_changed', signedOut: 'others', endedSessions: ended });
  })

  // docs/product.md, «How things change»: renews from the HttpOnly session cookie, or from a verified token of a live
  // session even when its payload lacks the hash.
  .post(
    '/jwt/renew',
    apiDoc({
      tag: 'auth',
      summary:
        'Новый токен доступа по cookie сеанса или по действующему токену (в том числе без hash)',
      answers: { 200: authSchemas.signedIn },
      errors: { 401: 'Сеанса нет или он завершён' },
    }),
  )
  .post('/jwt/renew', async (c) => {
    const { renewal, client } = c.var.edge;
    if (renewal) return c.json(answerOf(renewal.live, renewal.token));
    const now = nowSeconds();
    const fromCookie = await renewFromCookie(client.sessionCookie, now);
    if (fromCookie && fromCookie !== 'dead') {
      applyCookies(c, sessionCookies(fromCookie.live, fromCookie.token, client.secure));
      return c.json(answerOf(fromCookie.live, fromCookie.token));
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const renewed = await renewFromToken([bearer, getCookie(c, COOKIE.token)], now);
    if (renewed) {
      applyCookies(c, sessionCookies(renewed.live, renewed.token, client.secure));
      return c.json(answerOf(renewed.live, renewed.token));
    }
    if (fromCookie === 'dead')
      applyCookies(c, expiredSessionCookies(client.secure, { logout: false }));
    throw new ApiError(401, authTexts.unauthorized, 'unauthorized');
  })

  .get(
    '/account',
    apiDoc({
      tag: 'auth',
      auth: true,
      summary: 'Аккаунт: e-mail, телефон, привязки соцсетей',
      answers: { 200: contactSchemas.account },
    }),
  )
  .get('/account', async (c) => {
    const live = await requireLiveSession(c.var.edge);
    return c.json(await accountOf(live));
  })

  // docs/product.md, «How things change»: always succeeds, signed in or not; ends this device's session.
  .post(
    '/logout',
    apiDoc({
      tag: 'auth',
      summary:
        'Выход: завершает сеанс устройства и удаляет cookies; успешен и без входа. Из детского профиля при включённом родительском контроле — нельзя',
      answers: {
        200: shape.status('logged_out'),
        303: { description: 'Форма меню без JavaScript: на главную' },
      },
      errors: { 403: 'Детский профиль при включённом родительском контроле (kid_profile)' },
    }),
  )
  .post('/logout', async (c) => {
    const { client, session } = c.var.edge;
    const live = await liveOrNull(c);
    if (live) await assertMaySignOut(live);
    await endThisDevice(client.sessionCookie, session.sessionId);
    applyCookies(c, expiredSessionCookies(client.secure, { logout: true }));
    // The account menu's form without JavaScript: back to the home page as a guest.
    if (c.req.header('content-type')?.startsWith('application/x-www-form-urlencoded'))
      return c.redirect('/', 303);
    return c.json({ status: 'logged_out' });
  })

  // Our paths for /settings/devices: every signed-in device, end one, end all others.
  .get(
    '/sessions',
    apiDoc({
      tag: 'auth',
      auth: true,
      summary: 'Устройства со входом в аккаунт',
      answers: { 200: authSchemas.sessions },
    }),
  )
  .get('/sessions', async (c) => {
    const results = await deviceSessions(await requireLiveSession(c.var.edge));
    return c.json({ count: results.length, results });
  })
  .post(
    '/sessions/revoke-others',
    apiDoc({
      tag: 'auth',
      auth: true,
      summary: 'Завершить все сеансы, кроме этого',
      answers: { 200: authSchemas.revoked },
      errors: { 403: 'Детский профиль (kid_profile)' },
    }),
  )
  .post('/sessions/revoke-others', async (c) => {
    const live = await requireLiveSession(c.var.edge);
    assertMayManageAccount(live);
    const ended = await endOtherSessions(live);
    return c.json({ status: 'revoked', endedSessions: ended });
  })
  .delete(
    '/sessions/:id',
    apiDoc({
      tag: 'auth',
      auth: true,
      summary: 'Завершить сеанс устройства',
      answers: { 200: authSchemas.revoked },
      errors: {
        403: 'Детский профиль: чужой сеанс всегда, свой — при включённом родительском контроле (kid_profile)',
        404: 'Такого сеанса нет',
        422: 'Неверный id',
      },
    }),
  )
  .delete('/sessions/:id', validate('param', sessionParam), async (c) => {
    const live = await requireLiveSession(c.var.edge);
    const id = c.req.valid('param').id;
    // Its own session is signing out; another device's is managing the account, as on the pages.
    if (id === live.sessionId) await assertMaySignOut(live);
    else assertMayManageAccount(live);
    const { own } = await endSession(live, id);
    if (own) applyCookies(c, expiredSessionCookies(c.var.edge.client.secure, { logout: true }));
    return c.json({ status: 'revoked', endedSessions: 1 });
  });
