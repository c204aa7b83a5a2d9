import { env } from 'cloudflare:workers';
import { base64url, fromBase64, hmac, timingSafeEqual } from '../../lib/crypto.ts';
import { ApiError } from '../../lib/errors.ts';
import { MEDIA_TOKEN_SECONDS } from './limits.ts';
import { playbackTexts } from './texts.ts';

/**
 * Signed media URLs: `/media/hls/{token}/{scope}/…`, where the token binds a scope (`vod/<clip>`
 * or `live/<channelId>`), an expiry and, for a signed-in viewer, the account's stream it plays
 * under, with HMAC-SHA-256 under MEDIA_SIGNING_KEY. Playlists use relative URIs, so everything a
 * player fetches under a manifest carries the same token.
 */

export type MediaScope = `vod/${string}` | `live/${number}`;
/** The stream of the stream limit a token plays under (none for a guest). */
export interface StreamBinding {
  account: number;
  id: string;
}

const SCOPE = /^(vod\/[a-z0-9-]{1,32}|live\/[1-9][0-9]{0,9})$/;
const ACCOUNT = /^[1-9][0-9]{0,15}$/;
const STREAM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The signing key, or the 503 that says it is missing (never a URL signed with a blank key). */
function signingKey(): string {
  const key = env.MEDIA_SIGNING_KEY ?? '';
  if (key.length < 16) throw new ApiError(503, playbackTexts.signingUnavailable, 'media_unsigned');
  return key;
}

/**
 * A token for `scope` valid until `expiresAt` (unix seconds, at most an hour from `now`).
 * @example await mediaToken('vod/c3', now + 3600, now)
 */
export async function mediaToken(
  scope: MediaScope,
  expiresAt: number,
  now: number,
): Promise<string> {
  return mediaSigner()(scope, expiresAt, now);
}

/**
 * Signs tokens with the key read now: a call that hands out media takes it before it changes
 * anything (a missing key is the 503 while nothing is claimed or started yet).
 */
export function mediaSigner(): (
  scope: MediaScope,
  expiresAt: number,
  now: number,
  stream?: StreamBinding | null,
) => Promise<string> {
  const key = signingKey();
  return async (scope, expiresAt, now, stream) => {
    const exp = Math.min(expiresAt, now + MEDIA_TOKEN_SECONDS);
    const payload = stream ? `${scope}:${exp}:${stream.account}:${stream.id}` : `${scope}:${exp}`;
    return `${base64url(encoder.encode(payload))}.${await hmac(key, payload)}`;
  };
}

const fromBase64url = (text: string) =>
  fromBase64(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );

export type TokenRefusal = 'bad_signature' | 'expired' | 'outside_scope';

/**
 * Checks a token against the path it came with (`vod/c3/v240/seg-00001.m4s`): the signature, the
 * expiry, then that the path lies under the token's scope; answers the stream it is bound to.
 * @example await checkMediaToken(token, 'vod/c3/master.m3u8', now) // { ok: true, scope: 'vod/c3', expiresAt, stream: null }
 */
export async function checkMediaToken(
  token: string,
  path: string,
  now: number,
): Promise<
  | { ok: true; scope: MediaScope; expiresAt: number; stream: StreamBinding | null }
  | { ok: false; reason: TokenRefusal }
> {
  const key = signingKey();
  const [encoded, signature, extra] = token.split('.');
  const bytes = encoded && /^[A-Za-z0-9_-]+$/.test(encoded) ? fromBase64url(encoded) : null;
  if (!bytes || !signature || extra !== undefined) return { ok: false, reason: 'bad_signature' };
  const payload = decoder.decode(bytes);
  if (!timingSafeEqual(await hmac(key, payload), signature))
    return { ok: false, reason: 'bad_signature' };
  const [scope = '', exp = '', account, stream, more] = payload.split(':');
  const expiresAt = Number(exp);
  const bound = account !== undefined || stream !== undefined;
  if (!SCOPE.test(scope) || !Number.isSafeInteger(expiresAt) || more !== undefined)
    return { ok: false, reason: 'bad_signature' };
  if (bound && !(ACCOUNT.test(account ?? '') && STREAM_ID.test(stream ?? '')))
    return { ok: false, reason: 'bad_signature' };
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  if (!path.startsWith(`${scope}/`)) return { ok: false, reason: 'outside_scope' };
  return {
    ok: true,
    scope: scope as MediaScope,
    expiresAt,
    stream: bound ? { account: Number(account), id: stream! } : null,
  };
}
