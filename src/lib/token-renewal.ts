/**
 * docs/product.md, «How things change»: a token whose payload lacks the hash is renewed with the
 * renew call, and the new token is saved in the `token` cookie. Loaded by every page's first
 * script only when its token lacks the hash (token-payload.ts), so a page with a good token or
 * none loads none of this.
 */
import { COOKIE, ONE_YEAR_SECONDS } from '../../functions/shared/cookies.ts';
import { type ApiClient, api, browserEnvironment, isOk } from './api-client.ts';
import { lacksHash } from './token-payload.ts';

/** The renew call (docs/product.md, «How the site talks to the API»); it answers the new token. */
export const RENEW_PATH = '/auth/jwt/renew/';

/** Where the client keeps its token; `browserTokenJar` is the `token` cookie. */
export interface TokenJar {
  read(): string | undefined;
  save(token: string): void;
}

/**
 * Renews the jar's token when its payload lacks the hash, and saves the new one. True when a token
 * was renewed; a token with its hash (or none) makes no call. A renewal the server refuses (401:
 * the session is over) is the API client's to handle: it clears the session and reloads.
 * @example await renewHashlessToken(api, browserTokenJar)
 */
export async function renewHashlessToken(client: ApiClient, jar: TokenJar): Promise<boolean> {
  const token = jar.read();
  if (!lacksHash(token)) return false;
  const result = await client.post<{ token?: unknown }>(RENEW_PATH, undefined, { token });
  const renewed = isOk(result) ? result.data?.token : undefined;
  // Saving a token that again lacks the hash would only ask for the next renewal.
  if (typeof renewed !== 'string' || lacksHash(renewed)) return false;
  jar.save(renewed);
  return true;
}

/** The `token` cookie, written with the attributes the server gives it (path /, a year, Lax). */
export const browserTokenJar: TokenJar = {
  read: () => browserEnvironment.cookie(COOKIE.token),
  save(token) {
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    const attributes = `path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
    document.cookie = `${COOKIE.token}=${token}; ${attributes}`;
  },
};

let started: Promise<boolean> | undefined;

/** At start: one renewal per page, however many callers. */
export function renewTokenAtStart(): Promise<boolean> {
  started ??= renewHashlessToken(api, browserTokenJar);
  return started;
}
