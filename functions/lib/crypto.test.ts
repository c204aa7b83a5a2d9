import { describe, expect, it } from 'vitest';
import { base64url, hmac, randomDigits, randomToken, sha256, timingSafeEqual } from './crypto.ts';

describe('crypto helpers', () => {
  it('random tokens are URL-safe and of the promised length', () => {
    expect(randomToken(16)).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(randomToken(32)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64url(new Uint8Array([251, 255]))).toBe('-_8');
  });

  it('codes are 6 digits, leading zeros kept, and spread over every digit', () => {
    const codes = Array.from({ length: 500 }, () => randomDigits(6));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes.map((c) => c[0])).size).toBe(10);
  });

  it('digests are stable; keyed hashes depend on the key', async () => {
    expect(await sha256('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
    expect(await hmac('k1', 'x')).toBe(await hmac('k1', 'x'));
    expect(await hmac('k1', 'x')).not.toBe(await hmac('k2', 'x'));
  });

  it('compares in constant time, refusing different lengths', () => {
    expect(timingSafeEqual('abc', 'abc')).toBe(true);
    expect(timingSafeEqual('abc', 'abd')).toBe(false);
    expect(timingSafeEqual('abc', 'abcd')).toBe(false);
  });
});
