import { Hono } from 'hono';
import { authSchemas, requireLiveSession } from '../domains/auth/index.ts';
import { assertMaySignIn } from '../domains/parental/index.ts';
import {
  approvePairingCode,
  pollPairing,
  startPairing,
  tvCodeSchemas,
  tvTexts,
} from '../domains/tv-code/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { applyCookies } from '../lib/cookies.ts';
import { validate } from '../lib/validate.ts';
import { apiDoc, INVALID, LIMITED } from './api-doc.ts';

/**
 * TV code under /auth/tv_code (docs/product.md, «How the site talks to the API»), the OAuth device flow (RFC 8628): the device asks
 * for a pair of codes and polls; a signed-in viewer confirms the code on /code (or here).
 */
export const tvCodeRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  })
  .post(
    '/',
    apiDoc({
      tag: 'tv-code',
      summary:
        'Пара кодов для входа на устройстве: device_code (секрет устройства) и user_code XXXX-XXXX (10 минут, опрос не чаще раза в 5 секунд)',
      answers: { 200: tvCodeSchemas.deviceAuthorization },
      errors: { 429: LIMITED },
    }),
  )
  .post('/', async (c) => c.json(await startPairing(c.var.edge.geo.ip, config().siteOrigin)))
  .post(
    '/token',
    apiDoc({
      tag: 'tv-code',
      summary:
        'Опрос устройства: ждёт подтверждения или получает сеанс (cookies ставятся браузеру, который опрашивает)',
      answers: { 200: authSchemas.signedIn },
      errors: {
        400: 'expired_token — код истёк; invalid_grant — код неизвестен или уже использован',
        403: 'Опрашивает детский профиль при включённом родительском контроле (kid_profile)',
        422: INVALID,
        428: 'authorization_pending — код ещё не подтверждён (Retry-After: интервал)',
        429: 'slow_down — опрос чаще интервала; интервал вырос на 5 секунд (Retry-After)',
      },
    }),
  )
  .post('/token', validate('json', tvCodeSchemas.tvTokenBody), async (c) => {
    // The polling browser's cookies would replace its kid session (docs/product.md).
    await assertMaySignIn(c.var.edge);
    const polled = await pollPairing(c.var.edge.client, c.req.valid('json').device_code);
    applyCookies(c, polled.cookies);
    return c.json(polled.answer);
  })
  .post(
    '/approve',
    apiDoc({
      tag: 'tv-code',
      auth: true,
      summary:
        'Подтвердить код с экрана устройства (страница /code); один раз, 10 попыток на аккаунт за 10 минут',
      answers: { 200: tvCodeSchemas.approved },
      errors: {
        403: 'Детский профиль при включённом родительском контроле (kid_profile)',
        404: 'Код не найден, использован или истёк (tv_code_not_found)',
        422: 'Код не похож на код (8 латинских букв)',
        429: LIMITED,
      },
    }),
  )
  .post('/approve', validate('json', tvCodeSchemas.tvApproveBody), async (c) => {
    const live = await requireLiveSession(c.var.edge);
    // The device it signs in opens the adult profile: a kid's way around the PIN.
    await assertMaySignIn(c.var.edge);
    await approvePairingCode(c.var.edge.geo.ip, live, c.req.valid('json').user_code);
    return c.json({ status: 'approved', message: tvTexts.approved });
  });
