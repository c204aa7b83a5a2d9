import { config } from '../../lib/config.ts';
import type { ApiError } from '../../lib/errors.ts';
import { logger } from '../../lib/log.ts';
import type { ProviderUser, ResolvedProvider } from './providers.ts';
import { socialError } from './texts.ts';

/** The provider has this long to answer each call. */
const PROVIDER_TIMEOUT_MS = 8000;

/**
 * The authorize URL of an authorization-code flow with state and PKCE (S256).
 * @example authorizeUrl(p, { redirectUri, state, codeChallenge }) // 'https://oauth.yandex.ru/authorize?response_type=code&…'
 */
export function authorizeUrl(
  p: ResolvedProvider,
  o: { redirectUri: string; state: string; codeChallenge: string },
): string {
  const url = new URL(p.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', p.client.id);
  url.searchParams.set('redirect_uri', o.redirectUri);
  url.searchParams.set('scope', p.scope);
  url.searchParams.set('state', o.state);
  url.searchParams.set('code_challenge', o.codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

type Handler = (request: Request) => Promise<Response>;
let localProvider: Handler | null = null;

/**
 * Serves the local identity provider in-process (the development composition root does,
 * functions/dev/index.ts); a production build has none.
 * @example setLocalProvider((request) => localProviderApp.fetch(request))
 */
export function setLocalProvider(handler: Handler | null) {
  localProvider = handler;
}

/**
 * HTTP to a provider. The local provider is answered by its own handler inside this Worker: the
 * same requests and answers as over the network, without a Worker fetching its own hostname
 * (which the vitest pool cannot serve and production would not route).
 */
async function providerFetch(
  p: ResolvedProvider,
  url: string,
  init: RequestInit,
): Promise<Response> {
  const request = new Request(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  if (!p.local) return fetch(request);
  return localProvider ? localProvider(request) : new Response(null, { status: 404 });
}

async function json(res: Response): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await res.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function providerFailed(p: ResolvedProvider, step: string, detail: string): ApiError {
  // The detail goes to the log (no token or code in it); the viewer gets the Russian text.
  logger.warn('social.provider_failed', { provider: p.id, step, detail });
  return socialError('provider_error', p.label);
}

/**
 * Exchanges the code for an access token at the token endpoint, with the PKCE verifier.
 * `echo` carries redirect parameters the provider wants back (VK ID's device_id).
 */
export async function exchangeCode(
  p: ResolvedProvider,
  o: {
    code: string;
    redirectUri: string;
    codeVerifier: string;
    state: string;
    echo: Record<string, string>;
  },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: o.code,
    redirect_uri: o.redirectUri,
    client_id: p.client.id,
    client_secret: p.client.secret,
    code_verifier: o.codeVerifier,
    ...o.echo,
    ...(p.id === 'vk' ? { state: o.state } : {}),
  });
  let res: Response;
  try {
    res = await providerFetch(p, p.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form,
    });
  } catch (error) {
    throw providerFailed(p, 'token', error instanceof Error ? error.name : 'network');
  }
  const body = await json(res);
  const token = body?.access_token;
  if (!res.ok || typeof token !== 'string' || token === '')
    throw providerFailed(p, 'token', `${res.status} ${String(body?.error ?? '')}`);
  return token;
}

/** MD5 hex (Odnoklassniki's signature; workerd's WebCrypto has MD5 for such legacy APIs). */
async function md5(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('MD5', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

async function userInfoRequest(p: ResolvedProvider, token: string): Promise<[string, RequestInit]> {
  const accept = { accept: 'application/json' };
  switch (p.userInfo) {
    case 'bearer':
      return [p.userInfoUrl, { headers: { ...accept, authorization: `Bearer ${token}` } }];
    case 'oauth':
      return [p.userInfoUrl, { headers: { ...accept, authorization: `OAuth ${token}` } }];
    case 'form':
      return [
        p.userInfoUrl,
        {
          method: 'POST',
          headers: { ...accept, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: p.client.id, access_token: token }),
        },
      ];
    case 'ok-signed': {
      const params: Record<string, string> = {
        application_key: p.local ? p.client.id : config().social.okPublicKey,
        fields: 'uid,name,first_name,last_name,email',
        format: 'json',
        method: 'users.getCurrentUser',
      };
      const signed = Object.keys(params)
        .sort()
        .map((k) => `${k}=${params[k]}`)
        .join('');
      const url = new URL(p.userInfoUrl);
      for (const [k, v] of Object.entries({
        ...params,
        access_token: token,
        sig: await md5(signed + (await md5(token + p.client.secret))),
      }))
        url.searchParams.set(k, v);
      return [url.toString(), { headers: accept }];
    }
  }
}

/** Reads the signed-in provider user with the access token. */
export async function fetchUser(p: ResolvedProvider, token: string): Promise<ProviderUser> {
  const [url, init] = await userInfoRequest(p, token);
  let res: Response;
  try {
    res = await providerFetch(p, url, init);
  } catch (error) {
    throw providerFailed(p, 'userinfo', error instanceof Error ? error.name : 'network');
  }
  const body = res.ok ? await json(res) : null;
  const found = body ? p.readUser(body) : null;
  if (!found) throw providerFailed(p, 'userinfo', String(res.status));
  return found;
}
