import { getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { geoOf } from '../access/region.ts';
import {
  expiredSessionCookies,
  nowSeconds,
  renewFromCookie,
  sessionCookies,
} from '../domains/auth/index.ts';
import type { AppEnv, EdgeContext } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { applyCookies } from '../lib/cookies.ts';
import { deviceFacts, deviceOf } from '../lib/device.ts';
import { deviceIdFor, isDeviceId } from '../lib/device-id.ts';
import { GUEST, type SessionInfo, sessionFromLive, sessionOf } from '../lib/session-token.ts';
import { COOKIE, isHttps, ONE_YEAR_SECONDS, publicCookie } from '../shared/cookies.ts';

/**
 * Development only (dev routes on, never in production): a request carrying `x-dev-clock: <ms
 * since the epoch>` is answered as of that moment (`edge.now`), so a journey sees the TV guide of
 * the hour it chose, whatever the hour it runs at. Such an answer is never shared (edge-cache.ts).
 */
export const DEV_CLOCK_HEADER = 'x-dev-clock';

/** The moment a request is answered as of: the clock, or the dev clock header where it counts. */
function requestTime(header: string | undefined, devRoutes: boolean): number {
  const fixed = devRoutes && header && /^\d{10,15}$/.test(header) ? Number(header) : null;
  return fixed ?? Date.now();
}

/** True when the answer already sets (or clears) this cookie: the edge then leaves it alone. */
function answerSets(response: Response, name: string): boolean {
  return response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${name}=`));
}

/**
 * Learns who and where the visitor is (geo, device, device id, session, cookie consent) once per
 * request and keeps it in `c.var.edge`; issues the device id cookie to a new browser.
 *
 * Who: the access token (Authorization: Bearer, else the `token` cookie). When it is missing or
 * expired but the HttpOnly `session` cookie is live, the token is renewed here (one D1 statement)
 * and the answer carries the fresh token and id cookies, so the page renders signed in. A dead
 * session cookie is cleared.
 */
export const edgeContext = createMiddleware<AppEnv>(async (c, next) => {
  const cfg = config();
  const request = c.req.raw;
  const existingId = getCookie(c, COOKIE.deviceId);
  const deviceId = existingId && isDeviceId(existingId) ? existingId : await deviceIdFor(request);
  const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
  let session: SessionInfo = GUEST;
  for (const token of [bearer, getCookie(c, COOKIE.token)]) {
    session = await sessionOf(token, cfg.jwtSecret);
    if (session.signedIn) break;
  }
  const geo = await geoOf(request, cfg);
  const device = deviceOf(c.req.header('user-agent'));
  const secure = isHttps(request);
  const edge: EdgeContext = {
    geo,
    device,
    deviceId,
    session,
    consent: getCookie(c, COOKIE.cookieAgreement) === '1',
    now: requestTime(c.req.header(DEV_CLOCK_HEADER), cfg.devRoutes),
    client: {
      ip: geo.ip,
      device: deviceFacts(device, deviceId, geo.country),
      sessionCookie: getCookie(c, COOKIE.session),
      trustedDeviceCookie: getCookie(c, COOKIE.trustedDevice),
      secure,
    },
  };
  const renewal = session.signedIn
    ? null
    : await renewFromCookie(edge.client.sessionCookie, nowSeconds());
  if (renewal && renewal !== 'dead') {
    edge.renewal = renewal;
    edge.session = sessionFromLive(renewal.live);
  }
  c.set('edge', edge);
  await next();
  if (deviceId !== existingId) {
    setCookie(c, COOKIE.deviceId, deviceId, publicCookie(ONE_YEAR_SECONDS, secure));
  }
  // A handler that signed in, out or renewed has written the session cookies itself.
  if (renewal && !answerSets(c.res, COOKIE.token) && !answerSets(c.res, COOKIE.session)) {
    applyCookies(
      c,
      renewal === 'dead'
        ? expiredSessionCookies(secure, { logout: false })
        : sessionCookies(renewal.live, renewal.token, secure),
    );
  }
});
