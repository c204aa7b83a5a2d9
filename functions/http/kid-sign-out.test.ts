import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser } from '../domains/auth/test-support.ts';
import { resetAll, signedUp } from '../domains/parental/test-support.ts';

/**
 * Signing out of a kid profile (docs/product.md, «Who may see what»): refused while parental
 * control is Enabled, since signing in again would open the adult profile without the PIN.
 */

const liveSessions = async () =>
  (
    await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE revoked_at IS NULL').first<{
      n: number;
    }>()
  )?.n;

async function kidOf(browser: Browser): Promise<void> {
  const kid = await browser.post('/auth/users/', { name: 'Маша', isKid: true });
  const { id } = (await kid.json()) as { id: number };
  expect((await browser.post('/auth/users/switch/', { userId: id })).status).toBe(200);
}

const refusal = async (res: Response) => [
  res.status,
  ((await res.json()) as { details?: { reason: string } }).details?.reason,
];

beforeEach(resetAll);

describe('POST /auth/logout/ from a kid profile', () => {
  it('is refused while parental control is Enabled (403 kid_profile), and the session lives on', async () => {
    const { browser, send } = await signedUp('kid-out@mail.ru');
    expect((await send('POST', '/pin-code/set', { pin: '2580' })).status).toBe(201);
    await kidOf(browser);
    const before = await liveSessions();
    const res = await browser.post('/auth/logout/');
    expect(await refusal(res.clone())).toEqual([403, 'kid_profile']);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Из\u00a0детского профиля выйти нельзя: переключитесь на\u00a0взрослый профиль с\u00a0PIN-кодом',
    );
    expect(await liveSessions()).toBe(before);
    expect((await browser.fetch('/auth/users/')).status).toBe(200);
    // Nor by ending its own session from the devices list.
    const own = (await (await browser.fetch('/auth/sessions/')).json()) as {
      results: { id: string; current: boolean }[];
    };
    const mine = own.results.find((s) => s.current)!;
    expect(
      await refusal(await browser.fetch(`/auth/sessions/${mine.id}/`, { method: 'DELETE' })),
    ).toEqual([403, 'kid_profile']);
    expect(await liveSessions()).toBe(before);
  });

  it('signs out as before while parental control is Undefined, and from an adult profile', async () => {
    const kidSide = await signedUp('kid-free@mail.ru');
    await kidOf(kidSide.browser);
    expect((await kidSide.browser.post('/auth/logout/')).status).toBe(200);
    expect((await kidSide.browser.fetch('/auth/users/')).status).toBe(401);
    const adult = await signedUp('adult@mail.ru', '203.0.113.31');
    expect((await adult.send('POST', '/pin-code/set', { pin: '2580' })).status).toBe(201);
    expect((await adult.browser.post('/auth/logout/')).status).toBe(200);
    expect((await adult.browser.fetch('/auth/users/')).status).toBe(401);
  });
});

describe('the account’s other sessions from a kid profile', () => {
  it('neither «end the others» nor ending another device is open to it (403 kid_profile), as on the devices page; the adult profile may', async () => {
    const { browser } = await signedUp('kid-devices@mail.ru');
    const me = (await (await browser.fetch('/auth/users/')).json()) as {
      results: { id: number }[];
    };
    const other = new Browser('203.0.113.32');
    const signedIn = await other.post('/auth/email/sign_in/', {
      email: 'kid-devices@mail.ru',
      password: 'correct horse 1',
    });
    expect(signedIn.status).toBe(200);
    await kidOf(browser);
    const listed = (await (await browser.fetch('/auth/sessions/')).json()) as {
      results: { id: string; current: boolean }[];
    };
    const theirs = listed.results.find((s) => !s.current)!;
    const before = await liveSessions();
    const refused = [
      await browser.post('/auth/sessions/revoke-others/'),
      await browser.fetch(`/auth/sessions/${theirs.id}/`, { method: 'DELETE' }),
    ];
    for (const res of refused) {
      const body = (await res.json()) as { message: string; details: { reason: string } };
      expect([res.status, body.details.reason, body.message]).toEqual([
        403,
        'kid_profile',
        'Настройки аккаунта и\u00a0выход доступны только во\u00a0взрослом профиле',
      ]);
    }
    expect(await liveSessions()).toBe(before);
    expect((await other.fetch('/auth/account/')).status).toBe(200);
    // Back in the adult profile (control Undefined: no PIN asked), the same call ends the other.
    expect((await browser.post('/auth/users/switch/', { userId: me.results[0]!.id })).status).toBe(
      200,
    );
    expect((await browser.post('/auth/sessions/revoke-others/')).status).toBe(200);
    expect((await other.fetch('/auth/account/')).status).toBe(401);
  });
});
