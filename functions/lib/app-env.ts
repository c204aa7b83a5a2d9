import type { Geo } from '../access/region.ts';
import type { DeviceFacts, DeviceInfo } from './device.ts';
import type { LiveSession, SessionInfo } from './session-token.ts';

/** What the edge middleware learns about a request; pages read it as `Astro.locals.edge`. */
export interface EdgeContext {
  geo: Geo;
  device: DeviceInfo;
  deviceId: string;
  session: SessionInfo;
  /** The visitor accepted the cookie agreement. */
  consent: boolean;
  /**
   * The moment (ms since the epoch) this request is answered as of: what is on air, which guide
   * day is today, which history day is «Сегодня». The clock, or in development the `x-dev-clock`
   * header (edge-context.ts).
   */
  now: number;
  /**
   * Set when the edge renewed the access token from the HttpOnly session cookie in this request:
   * the session row it read (so handlers need not read it again) and the token it issued.
   */
  renewal?: { live: LiveSession; token: string };
  /** What the sign-in services need of this browser (they never see the request itself). */
  client: ClientFacts;
}

/**
 * Plain facts about the browser that the auth services act on, read from the request once by the
 * edge (edge-context.ts): routes pass `c.var.edge.client`, pages `Astro.locals.edge.client`.
 */
export interface ClientFacts {
  /** The address the request came from: the per-IP throttles. */
  ip: string;
  /** The device a session opened by this request is listed as. */
  device: DeviceFacts;
  /** The HttpOnly `session` credential as the browser sent it. */
  sessionCookie: string | undefined;
  /** The signed device-trust cookie as the browser sent it (functions/domains/auth/device-trust.ts). */
  trustedDeviceCookie: string | undefined;
  /** The request came over HTTPS: the cookies set in its answer carry Secure. */
  secure: boolean;
}

/** Hono environment of every app in this Worker. Bindings come from `cloudflare:workers`. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    edge: EdgeContext;
    /** The request Astro renders, when not the one that came (a shareable guest page: edge-cache.ts). */
    pageRequest?: Request;
    /** Under one of the API's prefixes (lib/api-paths.ts), marked by the app before anything else. */
    apiPath: boolean;
  };
}
