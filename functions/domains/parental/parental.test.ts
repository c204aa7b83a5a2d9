import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { leastRetryAfter } from '../../test-helpers.ts';
import { Browser } from '../auth/test-support.ts';
import { outboxCode, resetAll, signedUp } from './test-support.ts';

const EMAIL = 'parent@mail.ru';
const json = async (res: Response) => [res.status, await res.json()] as const;

beforeEach(resetAll);

describe('GET /auth/accounts/{id}/parental-control', () => {
  it('starts Undefined with the 18+ setting and no PIN entered', async () => {
    const { send } = await signedUp(EMAIL);
    const res = await send('GET', '/parental-control');
    expect(await json(res)).toEqual([
      200,
      { status: 'Undefined', ageLimit: 18, pinEntered: false },
    ]);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 401 to a guest and 404 for another account, the same as for an unknown one', async () => {
    const { accountId } = await signedUp(EMAIL);
    const other = await signedUp('other@mail.ru', '203.0.113.21');
    expect(
      await json(await new Browser().fetch(`/auth/accounts/${accountId}/parental-control`)),
    ).toEqual([401, { message: 'Войдите в аккаунт', details: { reason: 'unauthorized' } }]);
    const foreign = await other.browser.fetch(`/auth/accounts/${accountId}/parental-control`);
    expect(await json(foreign)).toEqual([
      404,
      { message: 'Аккаунт не найден', details: { reason: 'account_not_found' } },
    ]);
    expect((await other.browser.fetch('/auth/accounts/999999/parental-control')).status).toBe(404);
    expect(
      (await other.browser.post(`/auth/accounts/${accountId}/pin-code/set`, { pin: '1234' }))
        .status,
    ).toBe(404);
  });

  it('refuses a revoked session at once', async () => {
    const { send } = await signedUp(EMAIL);
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch()').run();
    expect((await send('GET', '/parental-control')).status).toBe(401);
  });
});

describe('PIN set and check', () => {
  it('sets the first PIN: Enabled, entered for this session, hashed in D1; a second set is a 409', async () => {
    const { send } = await signedUp(EMAIL);
    expect(await json(await send('POST', '/pin-code/set', { pin: '2580', ageLimit: 16 }))).toEqual([
      201,
      { status: 'Enabled', ageLimit: 16, pinEntered: true },
    ]);
    const row = await env.DB.prepare('SELECT pin_hash AS h FROM parental_controls').first<{
      h: string;
    }>();
    expect(row!.h).toMatch(/^pin-pbkdf2-sha256\$10000\$/);
    expect(row!.h).not.toContain('2580');
    const again = await send('POST', '/pin-code/set', { pin: '1111' });
    expect(await json(again)).toEqual([
      409,
      {
        message: 'PIN-код уже задан. Его можно сменить или восстановить',
        details: { reason: 'pin_exists' },
      },
    ]);
  });

  it('answers 422 in Russian for a PIN that is not four digits, and for a bad age setting', async () => {
    const { send } = await signedUp(EMAIL);
    for (const pin of ['123', '12345', 'abcd', '12 4']) {
      const [status, body] = await json(await send('POST', '/pin-code/set', { pin }));
      expect(status).toBe(422);
      expect((body as { message: string }).message).toBe('PIN-код состоит из 4 цифр');
    }
    const [status, body] = await json(
      await send('POST', '/pin-code/set', { pin: '1234', ageLimit: 14 }),
    );
    expect([status, (body as { message: string }).message]).toEqual([
      422,
      'Выберите возрастное ограничение: 12+, 16+ или 18+',
    ]);
  });

  it('a right PIN marks only this session as entered; a wrong one says how many tries are left', async () => {
    const { send, browser } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    const other = new Browser('203.0.113.30');
    await other.post('/auth/email/sign_in/', { email: EMAIL, password: 'correct horse 1' });
    const base = `/auth/accounts/${browser.cookies.get('account_id')}`;
    expect(
      ((await (await other.fetch(`${base}/parental-control`)).json()) as { pinEntered: boolean })
        .pinEntered,
    ).toBe(false);
    expect(await json(await other.post(`${base}/pin-code/check`, { pin: '0000' }))).toEqual([
      403,
      { message: 'Неверный PIN-код. Осталось 4 попытки', details: { reason: 'pin_invalid' } },
    ]);
    const ok = await other.post(`${base}/pin-code/check`, { pin: '2580' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({
      status: 'entered',
      pinEntered: true,
      expiresAt: expect.any(Number),
    });
    expect(
      ((await (await other.fetch(`${base}/parental-control`)).json()) as { pinEntered: boolean })
        .pinEntered,
    ).toBe(true);
    // The entry ends after 4 hours, and when the client says the last tab closed.
    const until = await env.DB.prepare(
      'SELECT max(pin_until) - unixepoch() AS left FROM parental_sessions',
    ).first<{ left: number }>();
    expect(until!.left).toBeGreaterThan(4 * 3600 - 10);
    expect(await json(await other.fetch(`${base}/pin-code/entry`, { method: 'DELETE' }))).toEqual([
      200,
      { status: 'not_entered', pinEntered: false },
    ]);
    expect(
      ((await (await other.fetch(`${base}/parental-control`)).json()) as { pinEntered: boolean })
        .pinEntered,
    ).toBe(false);
  });

  it('a check without a PIN set is a 409', async () => {
    const { send } = await signedUp(EMAIL);
    expect(await json(await send('POST', '/pin-code/check', { pin: '1234' }))).toEqual([
      409,
      { message: 'PIN-код ещё не задан', details: { reason: 'pin_not_set' } },
    ]);
  });
});

describe('the PIN lock', () => {
  it('five wrong PINs lock PIN entry for 15 minutes, even for the right PIN, on every device of the account', async () => {
    const { send } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    for (let i = 1; i <= 4; i++)
      expect((await send('POST', '/pin-code/check', { pin: '0000' })).status).toBe(403);
    const since = Date.now();
    const fifth = await send('POST', '/pin-code/check', { pin: '0000' });
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('900');
    expect(await fifth.json()).toEqual({
      message:
        'Слишком много неверных попыток. Ввод PIN-кода заблокирован на 15 минут. Можно восстановить PIN-код по коду из письма или SMS',
      details: { reason: 'pin_locked' },
    });
    const right = await send('POST', '/pin-code/check', { pin: '2580' });
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThanOrEqual(
      leastRetryAfter(900, since),
    );
    const other = new Browser('203.0.113.31');
    await other.post('/auth/email/sign_in/', { email: EMAIL, password: 'correct horse 1' });
    expect(
      (
        await other.post(`/auth/accounts/${other.cookies.get('account_id')}/pin-code/check`, {
          pin: '2580',
        })
      ).status,
    ).toBe(429);
  });

  it('the lock ends 15 minutes after the fifth failure, and a right PIN then clears the count', async () => {
    const { send } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    for (let i = 0; i < 5; i++) await send('POST', '/pin-code/check', { pin: '0000' });
    await env.DB.prepare(
      "UPDATE rate_limits SET reset_at = unixepoch() - 1 WHERE key LIKE 'pin:%'",
    ).run();
    expect((await send('POST', '/pin-code/check', { pin: '2580' })).status).toBe(200);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM rate_limits WHERE key LIKE 'pin:%'").first<{
        n: number;
      }>(),
    ).toEqual({ n: 0 });
    expect(await json(await send('POST', '/pin-code/check', { pin: '0000' }))).toEqual([
      403,
      { message: 'Неверный PIN-код. Осталось 4 попытки', details: { reason: 'pin_invalid' } },
    ]);
  });

  it('twenty concurrent guesses check at most five PINs: the right one among them cannot slip past the lock', async () => {
    const { send } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    await send('DELETE', '/pin-code/entry');
    const guesses = Array.from({ length: 20 }, (_, i) => (i === 12 ? '2580' : String(1000 + i)));
    const statuses = await Promise.all(
      guesses.map((pin) => send('POST', '/pin-code/check', { pin }).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 403 || s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    const count = await env.DB.prepare(
      "SELECT count FROM rate_limits WHERE key LIKE 'pin:%'",
    ).first<{ count: number }>();
    // Every attempt was counted before its check (a success would have cleared the row).
    if (!statuses.includes(200)) expect(count!.count).toBe(20);
  });
});

describe('PIN change and reset', () => {
  it('changes the PIN with the current one; other sessions must enter the new one', async () => {
    const { send, browser } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    const other = new Browser('203.0.113.32');
    await other.post('/auth/email/sign_in/', { email: EMAIL, password: 'correct horse 1' });
    const base = `/auth/accounts/${browser.cookies.get('account_id')}`;
    await other.post(`${base}/pin-code/check`, { pin: '2580' });
    expect((await send('POST', '/pin-code/change', { pin: '0000', newPin: '1357' })).status).toBe(
      403,
    );
    expect(
      await json(await send('POST', '/pin-code/change', { pin: '2580', newPin: '2580' })),
    ).toEqual([
      422,
      { message: 'Новый PIN-код совпадает с текущим', details: { reason: 'same_pin' } },
    ]);
    expect(
      await json(await send('POST', '/pin-code/change', { pin: '2580', newPin: '1357' })),
    ).toEqual([200, { status: 'Enabled', ageLimit: 18, pinEntered: true }]);
    expect(
      ((await (await other.fetch(`${base}/parental-control`)).json()) as { pinEntered: boolean })
        .pinEntered,
    ).toBe(false);
    expect((await other.post(`${base}/pin-code/check`, { pin: '2580' })).status).toBe(403);
    expect((await other.post(`${base}/pin-code/check`, { pin: '1357' })).status).toBe(200);
  });

  it('resets a forgotten PIN with the e-mailed code from the outbox, which also lifts the lock', async () => {
    const { send } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    for (let i = 0; i < 5; i++) await send('POST', '/pin-code/check', { pin: '0000' });
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'send-minute:%'").run(); // the sign-up code went out this minute
    expect(await json(await send('POST', '/pin-code/reset', {}))).toEqual([
      202,
      { status: 'code_sent', channel: 'email', to: 'pa***@mail.ru' },
    ]);
    const mail = await env.DB.prepare(
      'SELECT purpose, subject FROM outbox_messages WHERE recipient = ? ORDER BY created_at DESC LIMIT 1',
    )
      .bind(EMAIL)
      .first();
    // Messages are typeset (non-breaking spaces): compare the words.
    expect({ ...mail, subject: String(mail?.subject).replace(/\s/g, ' ') }).toEqual({
      purpose: 'parental_control_code',
      subject: 'Код для родительского контроля в Амедиатеке',
    });
    const code = await outboxCode(EMAIL);
    const wrong = code === '000000' ? '000001' : '000000';
    expect(
      await json(await send('POST', '/pin-code/reset/change', { code: wrong, newPin: '4321' })),
    ).toEqual([
      400,
      { message: 'Неверный код. Осталось 4 попытки', details: { reason: 'invalid_code' } },
    ]);
    expect(
      await json(await send('POST', '/pin-code/reset/change', { code, newPin: '4321' })),
    ).toEqual([200, { status: 'Enabled', ageLimit: 18, pinEntered: true }]);
    expect((await send('POST', '/pin-code/check', { pin: '4321' })).status).toBe(200);
    // Single use.
    expect((await send('POST', '/pin-code/reset/change', { code, newPin: '9999' })).status).toBe(
      400,
    );
  });

  it('a password-reset code of the same address is no PIN-reset code, and the other way round', async () => {
    const { send } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'send-%'").run();
    expect((await send('POST', '/pin-code/reset', {})).status).toBe(202);
    const pinCode = await outboxCode(EMAIL);
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'send-%'").run();
    await new Browser('203.0.113.40').post('/auth/email/reset_pass/', { email: EMAIL });
    const passwordCode = await outboxCode(EMAIL);
    if (passwordCode !== pinCode)
      expect(
        (await send('POST', '/pin-code/reset/change', { code: passwordCode, newPin: '4321' }))
          .status,
      ).toBe(400);
    expect(
      (await send('POST', '/pin-code/reset/change', { code: pinCode, newPin: '4321' })).status,
    ).toBe(200);
  });

  it('reset needs a PIN to reset (409), and its sends are throttled like every code (429)', async () => {
    const { send } = await signedUp(EMAIL);
    expect((await send('POST', '/pin-code/reset', {})).status).toBe(409);
    await send('POST', '/pin-code/set', { pin: '2580' });
    expect((await send('POST', '/pin-code/reset', {})).status).toBe(429); // the sign-up code went out this minute
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'send-minute:%'").run();
    expect((await send('POST', '/pin-code/reset', {})).status).toBe(202);
    const again = await send('POST', '/pin-code/reset', {});
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
  });
});

describe('disable, the age setting and verification', () => {
  it('Undefined → Disabled needs nothing; Enabled → Disabled needs the PIN', async () => {
    const { send } = await signedUp(EMAIL);
    expect(await json(await send('PATCH', '/parental-control/disable', {}))).toEqual([
      200,
      { status: 'Disabled', ageLimit: 18, pinEntered: false },
    ]);
    expect(await json(await send('POST', '/pin-code/set', { pin: '2580' }))).toEqual([
      201,
      { status: 'Enabled', ageLimit: 18, pinEntered: true },
    ]);
    expect(await json(await send('PATCH', '/parental-control/disable', {}))).toEqual([
      403,
      {
        message: 'Введите PIN-код или подтвердите действие кодом из письма или SMS',
        details: { reason: 'verification_required' },
      },
    ]);
    expect((await send('PATCH', '/parental-control/disable', { pin: '0000' })).status).toBe(403);
    expect((await send('PATCH', '/parental-control/disable', { pin: '2580' })).status).toBe(200);
    expect(await json(await send('GET', '/parental-control'))).toEqual([
      200,
      { status: 'Disabled', ageLimit: 18, pinEntered: false },
    ]);
    expect(await env.DB.prepare('SELECT pin_hash FROM parental_controls').first()).toEqual({
      pin_hash: null,
    });
  });

  it('Enabled → Disabled with a fresh verification code instead of the PIN', async () => {
    const { send } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'send-minute:%'").run();
    expect(await json(await send('POST', '/verification/send', {}))).toEqual([
      202,
      { status: 'code_sent', channel: 'email', to: 'pa***@mail.ru' },
    ]);
    const checked = await send('POST', '/verification/check', { code: await outboxCode(EMAIL) });
    expect(checked.status).toBe(200);
    expect(await checked.json()).toMatchObject({ status: 'verified' });
    expect((await send('PATCH', '/parental-control/disable', {})).status).toBe(200);
    expect(await json(await send('POST', '/verification/check', { code: '12' }))).toEqual([
      422,
      {
        message: 'Код состоит из 6 цифр',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
  });

  it('a verification expires after 10 minutes', async () => {
    const { send } = await signedUp(EMAIL);
    await send('POST', '/pin-code/set', { pin: '2580' });
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'send-minute:%'").run();
    await send('POST', '/verification/send', {});
    await send('POST', '/verification/check', { code: await outboxCode(EMAIL) });
    await env.DB.prepare('UPDATE parental_sessions SET verified_until = unixepoch() - 1').run();
    expect((await send('PATCH', '/parental-control/disable', {})).status).toBe(403);
  });

  it('show-settings reads the age setting; changing it needs the PIN (given or entered)', async () => {
    const { send } = await signedUp(EMAIL);
    expect(
      await json(await send('PATCH', '/parental-control/show-settings', { ageLimit: 16 })),
    ).toEqual([409, { message: 'PIN-код ещё не задан', details: { reason: 'pin_not_set' } }]);
    await send('POST', '/pin-code/set', { pin: '2580' });
    expect(
      await json(await send('PATCH', '/parental-control/show-settings', { ageLimit: 16 })),
    ).toEqual([200, { status: 'Enabled', ageLimit: 16 }]);
    await send('DELETE', '/pin-code/entry');
    expect((await send('PATCH', '/parental-control/show-settings', { ageLimit: 12 })).status).toBe(
      403,
    );
    expect(
      await json(
        await send('PATCH', '/parental-control/show-settings', { ageLimit: 12, pin: '2580' }),
      ),
    ).toEqual([200, { status: 'Enabled', ageLimit: 12 }]);
    expect(await json(await send('GET', '/parental-control/show-settings'))).toEqual([
      200,
      { status: 'Enabled', ageLimit: 12 },
    ]);
  });
});

describe('CSRF', () => {
  it('refuses state-changing calls posted from another site', async () => {
    const { send } = await signedUp(EMAIL);
    const evil = { origin: 'https://evil.example' };
    expect(await json(await send('POST', '/pin-code/set', { pin: '2580' }, evil))).toEqual([
      403,
      { message: 'Запрос отклонён: он пришёл не с нашего сайта', details: { reason: 'csrf' } },
    ]);
    await send('POST', '/pin-code/set', { pin: '2580' });
    expect((await send('POST', '/pin-code/check', { pin: '2580' }, evil)).status).toBe(403);
    expect((await send('PATCH', '/parental-control/disable', { pin: '2580' }, evil)).status).toBe(
      403,
    );
    expect(
      (await send('POST', '/pin-code/reset', {}, { 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
    expect(await json(await send('GET', '/parental-control'))).toEqual([
      200,
      { status: 'Enabled', ageLimit: 18, pinEntered: true },
    ]);
  });
});
