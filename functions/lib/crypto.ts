/** Small WebCrypto helpers: random tokens, digests, keyed hashes and a constant-time compare. */

const encoder = new TextEncoder();

/**
 * Bytes as URL-safe base64 without padding (cookie- and URL-safe).
 * @example base64url(new Uint8Array([251, 255])) // '-_8'
 */
export function base64url(bytes: Uint8Array): string {
  return base64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * Bytes as standard base64 with padding.
 * @example base64(new Uint8Array([1, 2, 3])) // 'AQID'
 */
export function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Standard base64 back to bytes; null when it is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * `bytes` random bytes as base64url: 16 bytes give 22 characters, 32 bytes 43.
 * @example randomToken(32) // 'q3V…' (43 characters)
 */
export function randomToken(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/**
 * A uniformly random string of `length` decimal digits (rejection sampling, no modulo bias).
 * @example randomDigits(6) // '042917'
 */
export function randomDigits(length: number): string {
  const limit = 10 ** length;
  const ceiling = Math.floor(2 ** 32 / limit) * limit;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    if (buffer[0]! < ceiling) return String(buffer[0]! % limit).padStart(length, '0');
  }
}

/**
 * SHA-256 of a string, base64url.
 * @example await sha256('abc') // 'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0'
 */
export async function sha256(text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(text))));
}

const hmacKeys = new Map<string, Promise<CryptoKey>>();

/**
 * HMAC-SHA-256 of `text` under `secret`, base64url: a keyed hash, so short values (6-digit codes,
 * e-mail addresses) cannot be recovered from a copy of the database by trying them all.
 * @example await hmac(config().jwtSecret, 'sign_in:+79991234567:123456')
 */
export async function hmac(secret: string, text: string): Promise<string> {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      encoder.encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign'],
    );
    hmacKeys.set(secret, key);
  }
  return base64url(
    new Uint8Array(await crypto.subtle.sign('HMAC', await key, encoder.encode(text))),
  );
}

/**
 * Constant-time equality of two byte strings or strings (the length is not secret).
 * @example timingSafeEqual('a', 'a') // true
 */
export function timingSafeEqual(a: Uint8Array | string, b: Uint8Array | string): boolean {
  const x = typeof a === 'string' ? encoder.encode(a) : a;
  const y = typeof b === 'string' ? encoder.encode(b) : b;
  if (x.byteLength !== y.byteLength) return false;
  const subtle = crypto.subtle as SubtleCrypto & {
    timingSafeEqual?: (a: ArrayBufferView, b: ArrayBufferView) => boolean;
  };
  if (subtle.timingSafeEqual) return subtle.timingSafeEqual(x, y);
  let diff = 0;
  for (let i = 0; i < x.byteLength; i++) diff |= x[i]! ^ y[i]!;
  return diff === 0;
}
