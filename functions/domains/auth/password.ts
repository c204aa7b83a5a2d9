import { base64, fromBase64, timingSafeEqual } from '../../lib/crypto.ts';

/**
 * Workers cap PBKDF2 at 100,000 iterations; production hashes at the cap (OWASP asks 600,000 for
 * SHA-256). Every stored hash carries its own cost, so a hash made at any cost up to the cap
 * verifies wherever it is read.
 */
export const PBKDF2_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;
const SCHEME = 'pbkdf2-sha256';

/**
 * Run against accounts that do not exist or have no password, so an unknown e-mail costs the same
 * PBKDF2 as a wrong password and timing tells nothing. It matches no password anyone can type:
 * its hash is not the derivation of anything we know. Its cost is the one new hashes are made at.
 * @example dummyHash(100_000) // 'pbkdf2-sha256$100000$…$AAAA…'
 */
export const dummyHash = (iterations: number = PBKDF2_ITERATIONS) =>
  `${SCHEME}$${iterations}$c2lnbi1pbi1kdW1teS1zYQ==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=`;

const encoder = new TextEncoder();

async function derive(
  password: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<Uint8Array> {
  // NFC: the same password typed on two keyboards (composed or decomposed ё) is the same password.
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(password.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveBits'],
  );
  return new Uint8Array(
    await crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
      key,
      HASH_BITS,
    ),
  );
}

/**
 * A storable hash: `pbkdf2-sha256$<iterations>$<salt base64>$<hash base64>`, 16-byte random salt.
 * The cost is the configured one (`config().passwordIterations`: the cap in production).
 * @example await hashPassword('correct horse', 100_000) // 'pbkdf2-sha256$100000$…$…'
 */
export async function hashPassword(
  password: string,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return `${SCHEME}$${iterations}$${base64(salt)}$${base64(hash)}`;
}

function parse(stored: string | null | undefined) {
  const [scheme, iterations, salt, hash] = (stored ?? '').split('$');
  const n = Number(iterations);
  const saltBytes = salt ? fromBase64(salt) : null;
  const hashBytes = hash ? fromBase64(hash) : null;
  if (
    scheme !== SCHEME ||
    !Number.isInteger(n) ||
    n < 1 ||
    n > PBKDF2_ITERATIONS ||
    !saltBytes ||
    !hashBytes
  )
    return null;
  return { iterations: n, salt: saltBytes, hash: hashBytes };
}

/**
 * Checks a password against a stored hash, at the hash's own cost, in constant time. A missing or
 * malformed hash still costs one derivation at the cost new hashes are made at (`iterations`,
 * against the dummy hash) and answers false.
 * @example await verifyPassword('correct horse', account.passwordHash, 100_000) // true
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  iterations: number = PBKDF2_ITERATIONS,
): Promise<boolean> {
  const parsed = parse(stored);
  const target = parsed ?? parse(dummyHash(iterations))!;
  const actual = await derive(password, target.salt, target.iterations);
  return timingSafeEqual(actual, target.hash) && parsed !== null;
}
