import { env, withEnv } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { config } from '../../lib/config.ts';
import { dummyHash, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from './password.ts';

describe('password hashing (PBKDF2-SHA256 through WebCrypto)', () => {
  it('stores pbkdf2-sha256$<cost>$<16-byte salt>$<32-byte hash> and verifies only the same password', async () => {
    const stored = await hashPassword('correct horse 1', 1_000);
    const [scheme, iterations, salt, hash] = stored.split('$');
    expect([scheme, Number(iterations)]).toEqual(['pbkdf2-sha256', 1_000]);
    expect(atob(salt!).length).toBe(16);
    expect(atob(hash!).length).toBe(32);
    expect(await verifyPassword('correct horse 1', stored)).toBe(true);
    expect(await verifyPassword('correct horse 2', stored)).toBe(false);
  });

  it('verifies a hash at its own cost: one made at production cost verifies under a lower configured cost', async () => {
    const production = await hashPassword('correct horse 1');
    expect(production.split('$')[1]).toBe(String(PBKDF2_ITERATIONS));
    expect(await verifyPassword('correct horse 1', production, 1_000)).toBe(true);
    expect(await verifyPassword('correct horse 2', production, 1_000)).toBe(false);
  });

  it('salts every hash: the same password never gives the same string twice', async () => {
    expect(await hashPassword('same password', 1_000)).not.toBe(
      await hashPassword('same password', 1_000),
    );
  });

  it('treats composed and decomposed letters (ё) as the same password', async () => {
    const stored = await hashPassword('ёлка-палка'.normalize('NFC'), 1_000);
    expect(await verifyPassword('ёлка-палка'.normalize('NFD'), stored)).toBe(true);
  });

  it('answers false for a missing, malformed or over-cost hash, and for the dummy hash', async () => {
    for (const stored of [
      null,
      undefined,
      '',
      'plain',
      'pbkdf2-sha256$100001$AAAA$AAAA',
      'pbkdf2-sha256$0$AAAA$AAAA',
      'md5$1$a$b',
      dummyHash(),
      dummyHash(1_000),
    ]) {
      expect(await verifyPassword('anything at all', stored, 1_000)).toBe(false);
    }
  });
});

describe('the cost of new hashes (PASSWORD_ITERATIONS)', () => {
  const costWith = (vars: Record<string, string | undefined>) =>
    withEnv({ ...env, ...vars }, () => config().passwordIterations);

  it('is the Workers cap unless set, and whatever the variable says in production', async () => {
    expect(await costWith({ PASSWORD_ITERATIONS: undefined })).toBe(PBKDF2_ITERATIONS);
    expect(await costWith({ PASSWORD_ITERATIONS: '' })).toBe(PBKDF2_ITERATIONS);
    expect(await costWith({ PASSWORD_ITERATIONS: 'many' })).toBe(PBKDF2_ITERATIONS);
    expect(await costWith({ ENVIRONMENT: 'production', PASSWORD_ITERATIONS: '1000' })).toBe(
      PBKDF2_ITERATIONS,
    );
  });

  it('outside production follows the variable within 1..100,000', async () => {
    expect(await costWith({ PASSWORD_ITERATIONS: '1000' })).toBe(1_000);
    expect(await costWith({ PASSWORD_ITERATIONS: '0' })).toBe(1);
    expect(await costWith({ PASSWORD_ITERATIONS: '1000000' })).toBe(PBKDF2_ITERATIONS);
  });
});
