import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from '../domains/auth/test-support.ts';
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
