import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';
import type { DeviceAuthorization } from './schemas.ts';
import { newUserCode, normalizeUserCode } from './user-code.ts';

const messages = recordMessages();
const ORIGIN = { origin: 'http://localhost:8787' };
const TV_UA = {
  'user-agent':
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
};

type Pairing = DeviceAuthorization;

const reasonOf = async (res: Response) =>
  (await res.json()) as { message: string; details: { reason: string } };

async function pair(tv: Browser): Promise<Pairing> {
  const res = await tv.post('/auth/tv_code/', undefined, { ...ORIGIN, ...TV_UA });
  expect(res.status).toBe(200);
  return (await res.json()) as Pairing;
}

const poll = (tv: Browser, deviceCode: string) =>
  tv.post('/auth/tv_code/token', { device_code: deviceCode }, { ...ORIGIN, ...TV_UA });
/** As if the device had waited its interval since the last poll. */
const waitInterval = () =>
  env.DB.prepare('UPDATE tv_codes SET last_polled_ms = last_polled_ms - 60000').run();

async function viewer(ip = '203.0.113.80') {
  const browser = new Browser(ip);
  const answer = await signUp(browser, messages, `viewer${ip.split('.').at(-1)}@mail.ru`);
  return {
    browser,
    answer,
    approve: (code: string) => browser.post('/auth/tv_code/approve', { user_code: code }, ORIGIN),
  };
}

beforeEach(async () => {
  await resetAccounts();
  await env.DB.prepare('DELETE FROM tv_codes').run();
  messages.clear();
});

describe('user codes', () => {
  it('are 8 letters of the unambiguous alphabet, shown as XXXX-XXXX, and read back however typed', () => {
    for (let i = 0; i < 200; i++)
      expect(newUserCode()).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    expect(normalizeUserCode(' bcdf ghjk ')).toBe('BCDFGHJK');
    expect(normalizeUserCode('ВСНК-МРТХ')).toBe('BCHKMPTX'); // Cyrillic look-alikes from a Russian layout
    expect(normalizeUserCode('BCDF-GHJ0')).toBeNull();
    expect(normalizeUserCode('AEIO-UBCD')).toBeNull();
  });
});

describe('TV code (device flow)', () => {
  it('issues a pair of codes and keeps only their digests', async () => {
    const p = await pair(new Browser('198.51.100.5'));
    expect(p).toMatchObject({
      expires_in: 600,
      interval: 5,
      verification_uri: 'http://localhost:8787/code',
      verification_uri_complete: `http://localhost:8787/code?user_code=${p.user_code}`,
    });
    expect(p.device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await env.DB.prepare(
      'SELECT device_code_hash AS d, user_code_hash AS u FROM tv_codes',
    ).first<{ d: string; u: string }>();
    expect(row!.d).not.toContain(p.device_code);
    expect(row!.u).not.toContain(p.user_code.replace('-', ''));
  });

  it('answers authorization_pending (428), then slow_down (429) to a device polling too fast, with a longer interval', async () => {
    const tv = new Browser('198.51.100.6');
    const p = await pair(tv);
    const first = await poll(tv, p.device_code);
    expect(first.status).toBe(428);
    expect((await reasonOf(first)).details.reason).toBe('authorization_pending');
    const fast = await poll(tv, p.device_code);
    expect(fast.status).toBe(429);
    expect(fast.headers.get('retry-after')).toBe('10');
    expect(await reasonOf(fast)).toEqual({
      message: 'Слишком частые запросы. Проверяйте не чаще раза в 10 секунд',
      details: { reason: 'slow_down' },
    });
    await waitInterval();
    expect((await poll(tv, p.device_code)).status).toBe(428);
    expect(
      (await env.DB.prepare('SELECT poll_interval AS i FROM tv_codes').first<{ i: number }>())!.i,
    ).toBe(10);
  });

  it('signs the device in once another signed-in browser approves the code; the code works once', async () => {
    const tv = new Browser('198.51.100.7');
    const p = await pair(tv);
    expect((await poll(tv, p.device_code)).status).toBe(428);
    const { approve, answer } = await viewer();
    const approved = await approve(p.user_code.toLowerCase());
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({
      status: 'approved',
      message: 'Готово! Телевизор войдёт в аккаунт через несколько секунд',
    });
    await waitInterval();
    const done = await poll(tv, p.device_code);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      accountId: answer.accountId,
      token: expect.any(String),
    });
    expect(tv.cookies.get('session')).toBeTruthy();
    const account = await tv.fetch('/auth/account/');
    expect(account.status).toBe(200);
    expect(
      await env.DB.prepare(
        'SELECT device_type AS t FROM sessions WHERE account_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
      )
        .bind(answer.accountId)
        .first(),
    ).toEqual({ t: 'tv' });
    await waitInterval();
    const again = await poll(new Browser('198.51.100.8'), p.device_code);
    expect(again.status).toBe(400);
    expect((await reasonOf(again)).details.reason).toBe('invalid_grant');
    expect((await approve(p.user_code)).status).toBe(404);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM sessions').first()).toEqual({ n: 2 });
  });

  it('expires after 10 minutes: the device gets expired_token and the code is no longer accepted', async () => {
    const tv = new Browser('198.51.100.9');
    const p = await pair(tv);
    await env.DB.prepare('UPDATE tv_codes SET expires_at = unixepoch() - 1').run();
    const res = await poll(tv, p.device_code);
    expect(res.status).toBe(400);
    expect(await reasonOf(res)).toEqual({
      message: 'Срок действия кода истёк. Запросите новый код',
      details: { reason: 'expired_token' },
    });
    const { approve } = await viewer();
    expect((await approve(p.user_code)).status).toBe(404);
  });

  it('refuses wrong codes with a Russian 404, malformed ones with a 422, guests with a 401', async () => {
    await pair(new Browser('198.51.100.10'));
    const { approve } = await viewer();
    const wrong = await approve('BCDF-GHJK');
    expect(wrong.status).toBe(404);
    expect(await reasonOf(wrong)).toEqual({
      message: 'Код не найден или устарел. Проверьте код на экране телевизора или запросите новый',
      details: { reason: 'tv_code_not_found' },
    });
    expect((await approve('1234-5678')).status).toBe(422);
    const guest = await new Browser().post(
      '/auth/tv_code/approve',
      { user_code: 'BCDF-GHJK' },
      ORIGIN,
    );
    expect(guest.status).toBe(401);
    const unknown = await poll(new Browser(), 'A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect((await reasonOf(unknown)).details.reason).toBe('invalid_grant');
  });

  it('limits approvals per account: the eleventh try in 10 minutes is a 429, even with a right code', async () => {
    const p = await pair(new Browser('198.51.100.11'));
    const { approve } = await viewer();
    for (let i = 0; i < 10; i++) expect((await approve('BCDF-GHJK')).status).toBe(404);
    const limited = await approve(p.user_code);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBeTruthy();
  });
});
