import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { COOKIE, ONE_YEAR_SECONDS, isHttps, publicCookie } from '../lib/cookies.ts';
import { deviceOf } from '../lib/device.ts';
import { deviceIdFor, isDeviceId } from '../lib/device-id.ts';
import { geoOf } from '../lib/geo.ts';
import { sessionOf } from '../lib/session-token.ts';

/**
 * Learns who and where the visitor is (geo, device, device id, session, cookie consent) once per
 * request and keeps it in `c.var.edge`; issues the device id cookie to a new browser.
 */
export const edgeContext = createMiddleware<AppEnv>(async (c, next) => {
  const cfg = config();
  const request = c.req.raw;
  const existingId = getCookie(c, COOKIE.deviceId);
  const deviceId = existingId && isDeviceId(existingId) ? existingId : await deviceIdFor(request);
  c.set('edge', {
    geo: geoOf(request, cfg),
    device: deviceOf(c.req.header('user-agent')),
    deviceId,
    session: await sessionOf(getCookie(c, COOKIE.token), cfg.jwtSecret),
    consent: getCookie(c, COOKIE.cookieAgreement) === '1',
    nonce: '',
  });
  await next();
  if (deviceId !== existingId) {
    setCookie(c, COOKIE.deviceId, deviceId, publicCookie(ONE_YEAR_SECONDS, isHttps(request)));
  }
});
