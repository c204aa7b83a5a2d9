import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { GUEST, sessionOf } from './session-token.ts';

const secret = 'test-secret';
const now = () => Math.floor(Date.now() / 1000);

describe('sessionOf (docs/product.md, «What we check»: a token exists and its payload holds a hash)', () => {
  it('signs in a verified token with a hash and reads its ids', async () => {
    const token = await sign(
      { hash: 'h1', acc: 7, sub: 'u9', bil: 'b3', kid: true, exp: now() + 60 },
      secret,
    );
    expect(await sessionOf(token, secret)).toEqual({
      signedIn: true,
      accountId: '7',
      userId: 'u9',
      billingId: 'b3',
      isKid: true,
      sessionId: null,
    });
  });

  it('reads the device session id (sid) of tokens issued by sign-in', async () => {
    const token = await sign(
      {
        hash: 'h1',
        acc: 7,
        sub: 9,
        bil: 'b3',
        kid: false,
        sid: 'Jx3kq9ZtWbV0aLmNpQrS1A',
        exp: now() + 60,
      },
      secret,
    );
    expect((await sessionOf(token, secret)).sessionId).toBe('Jx3kq9ZtWbV0aLmNpQrS1A');
  });

  it('treats a token without a hash as a guest', async () => {
    expect(await sessionOf(await sign({ sub: 'u9', exp: now() + 60 }, secret), secret)).toEqual(
      GUEST,
    );
  });

  it('treats a forged, expired or garbage token as a guest', async () => {
    expect(
      await sessionOf(await sign({ hash: 'h', exp: now() + 60 }, 'other-secret'), secret),
    ).toEqual(GUEST);
    expect(await sessionOf(await sign({ hash: 'h', exp: now() - 10 }, secret), secret)).toEqual(
      GUEST,
    );
    expect(await sessionOf('not.a.jwt', secret)).toEqual(GUEST);
    expect(await sessionOf(undefined, secret)).toEqual(GUEST);
  });
});
