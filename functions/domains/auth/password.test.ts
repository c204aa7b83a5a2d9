import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from './password.ts';

describe('password hashing (PBKDF2-SHA256 through WebCrypto)', () => {
  it('stores pbkdf2-sha256$100000$<16-byte salt>$<32-byte hash> and verifies only the same password', async () => {
    const stored = await hashPassword('correct horse 1');
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect([scheme, Number(iterations)]).toEqual(['pbkdf2-sha256', PBKDF2_ITERATIONS]);
    expect(atob(salt!).length).toBe(16);
    expect(atob(hash!).length).toBe(32);
    expect(await verifyPassword('correct horse 1', stored)).toBe(true);
    expect(await verifyPassword('correct horse 2', stored)).toBe(false);
  });

  it('salts every hash: the same password never gives the same string twice', async () => {
    expect(await hashPassword('same password')).not.toBe(await hashPassword('same password'));
  });

  it('treats composed and decomposed letters (ё) as the same password', async () => {
    const stored = await hashPassword('ёлка-палка'.normalize('NFC'));
    expect(await verifyPassword('ёлка-палка'.normalize('NFD'), stored)).toBe(true);
  });

  it('answers false for a missing, malformed or over-cost hash, and for the dummy hash', async () => {
    for (const stored of [
      null,
      undefined,
      '',
      'plain',
      'pbkdf2-sha256$100001$AAAA$AAAA',
      'md5$1$a$b',
      DUMMY_HASH,
    ]) {
      expect(await verifyPassword('anything at all', stored)).toBe(false);
    }
  });
});
