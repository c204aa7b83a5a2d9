import { config } from '../../lib/config.ts';
import { base64, fromBase64, hmac, timingSafeEqual } from '../../lib/crypto.ts';
import { PIN_PBKDF2_ITERATIONS } from './limits.ts';

const SCHEME = 'pin-pbkdf2-sha256';
const encoder = new TextEncoder();

/**
 * The PIN as PBKDF2 sees it: keyed with the Worker secret and bound to the account, so a copy of
 * the database alone cannot be searched through the 10,000 possible PINs.
 */
async function derive(
  accountId: number,
  pin: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  const peppered = await hmac(config().jwtSecret, `pin\n${accountId}\n${pin}`);
  const key = await crypto.subtle.importKey('raw', encoder.encode(peppered), 'PBKDF2', false, [
    'deriveBits',
  ]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, 256),
  );
}

/**
 * A storable PIN hash: `pin-pbkdf2-sha256$10000$<salt>$<hash>`.
 * @example await hashPin(7, '1234') // 'pin-pbkdf2-sha256$10000$…$…'
 */
export async function hashPin(accountId: number, pin: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return `${SCHEME}$${PIN_PBKDF2_ITERATIONS}$${base64(salt)}$${base64(await derive(accountId, pin, salt, PIN_PBKDF2_ITERATIONS))}`;
}

/**
 * Checks a PIN in constant time; a malformed hash answers false.
 * @example await verifyPin(7, '1234', row.pinHash) // true
 */
export async function verifyPin(
  accountId: number,
  pin: string,
  stored: string | null,
): Promise<boolean> {
  const [scheme, iterations, salt, hash] = (stored ?? '').split('$');
  const n = Number(iterations);
  const saltBytes = salt ? fromBase64(salt) : null;
  const hashBytes = hash ? fromBase64(hash) : null;
  if (scheme !== SCHEME || !Number.isInteger(n) || n < 1 || n > 100_000 || !saltBytes || !hashBytes)
    return false;
  return timingSafeEqual(await derive(accountId, pin, saltBytes, n), hashBytes);
}
