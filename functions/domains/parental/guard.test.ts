import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/errors.ts';
import type { LiveSession } from '../../lib/session-token.ts';
import { assertPinForAdultSwitch } from './guard.ts';
import { resetAll, signedUp } from './test-support.ts';

const ip = '203.0.113.50';

/** The live session of the signed-up browser, as requireLiveSession answers it, on a kid profile or not. */
async function sessionOf(isKid: boolean): Promise<LiveSession> {
  const row = await env.DB.prepare(
    'SELECT s.id AS sessionId, s.token_hash AS tokenHash, s.account_id AS accountId, s.user_id AS userId, a.billing_id AS billingId FROM sessions s JOIN accounts a ON a.id = s.account_id',
  ).first<Omit<LiveSession, 'isKid'>>();
  return { ...row!, isKid };
}

async function refusal(run: Promise<void>): Promise<[number, string] | 'passed'> {
  try {
    await run;
    return 'passed';
  } catch (error) {
    if (error instanceof ApiError) return [error.status, error.reason];
    throw error;
  }
}

beforeEach(resetAll);

describe('assertPinForAdultSwitch', () => {
  it('lets every switch pass while parental control is Undefined or Disabled, and adult→adult or →kid always', async () => {
    const { send } = await signedUp('guard@mail.ru');
    expect(
      await refusal(assertPinForAdultSwitch(ip, await sessionOf(true), { isKid: false })),
    ).toBe('passed');
    await send('POST', '/pin-code/set', { pin: '2580' });
    expect(
      await refusal(assertPinForAdultSwitch(ip, await sessionOf(false), { isKid: false })),
    ).toBe('passed');
    expect(await refusal(assertPinForAdultSwitch(ip, await sessionOf(true), { isKid: true }))).toBe(
      'passed',
    );
    await send('PATCH', '/parental-control/disable', { pin: '2580' });
    expect(
      await refusal(assertPinForAdultSwitch(ip, await sessionOf(true), { isKid: false })),
    ).toBe('passed');
  });

  it('kid → adult with control Enabled: pin_required every time, pin_invalid, then pin_locked', async () => {
    const { send } = await signedUp('guard@mail.ru');
    await send('POST', '/pin-code/set', { pin: '2580' });
    const kid = await sessionOf(true);
    // Setting the PIN entered it for this session, yet the way back from a kid profile asks again.
    expect(await refusal(assertPinForAdultSwitch(ip, kid, { isKid: false }))).toEqual([
      403,
      'pin_required',
    ]);
    expect(await refusal(assertPinForAdultSwitch(ip, kid, { isKid: false }, '0000'))).toEqual([
      403,
      'pin_invalid',
    ]);
    expect(await refusal(assertPinForAdultSwitch(ip, kid, { isKid: false }, '2580'))).toBe(
      'passed',
    );
    // The right PIN a moment ago does not open the next switch either.
    expect(await refusal(assertPinForAdultSwitch(ip, kid, { isKid: false }))).toEqual([
      403,
      'pin_required',
    ]);
    for (let i = 0; i < 4; i++)
      await refusal(assertPinForAdultSwitch(ip, kid, { isKid: false }, '0000'));
    expect(await refusal(assertPinForAdultSwitch(ip, kid, { isKid: false }, '0000'))).toEqual([
      429,
      'pin_locked',
    ]);
    expect(await refusal(assertPinForAdultSwitch(ip, kid, { isKid: false }, '2580'))).toEqual([
      429,
      'pin_locked',
    ]);
  });
});
