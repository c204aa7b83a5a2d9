import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { config } from '../../lib/config.ts';
import { Browser, recordMessages, resetAccounts, signUp } from './test-support.ts';

const messages = recordMessages();
const PASSWORD = 'correct horse 1';

describe('POST /auth/email/sign_up/ (two steps, no account enumeration)', () => {
  beforeEach(async () => {
    await resetAccounts();
    messages.clear();
  });

  it('step 1 answers 202 code_sent and mails a 6-digit code; step 2 creates the account, its first adult profile and a session (201)', async () => {
    const browser = new Browser();
    const first = await browser.post('/auth/email/sign_up/', {
      email: ' Anna@Mail.RU ',
      password: PASSWORD,
    });
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ status: 'code_sent' });
    expect(messages.sent).toHaveLength(1);
    expect(messages.sent[0]).toMatchObject({
      channel: 'email',
      to: 'anna@mail.ru',
      subject: 'Код для регистрации в Амедиатеке',
      purpose: 'sign_up_code',
    });

    const res = await browser.post('/auth/email/sign_up/', {
      email: 'anna@mail.ru',
      password: PASSWORD,
      code: messages.lastCode('anna@mail.ru'),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      accountId: expect.any(Number),
      userId: expect.any(Number),
      billingId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      isKid: false,
    });
    expect(body.token).toBe(browser.cookies.get('token'));
    expect(res.headers.get('cache-control')).toBe('no-store');

    const account = await env.DB.prepare(
      'SELECT email, password_hash AS hash FROM accounts',
    ).first<{ email: string; hash: string }>();
    expect(account?.email).toBe('anna@mail.ru');
    // At the configured cost (PASSWORD_ITERATIONS; production's is always 100,000).
    expect(account?.hash).toMatch(new RegExp(`^pbkdf2-sha256\\$${config().passwordIterations}\\$`));
    expect(await env.DB.prepare('SELECT name, is_kid AS isKid FROM profiles').all()).toMatchObject({
      results: [{ name: 'Основной', isKid: 0 }],
    });
    expect(
      (
        await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL').first<{
          n: number;
        }>()
      )?.n,
    ).toBe(1);
  });

  it('sets the HttpOnly credential and the cookies of docs/product.md, «What we keep» and «Numbers» (one year, path /, SameSite=Lax)', async () => {
    const browser = new Browser();
    await browser.post('/auth/email/sign_up/', { email: 'boris@mail.ru', password: PASSWORD });
    const res = await browser.post(
      '/auth/email/sign_up/',
      { email: 'boris@mail.ru', password: PASSWORD, code: messages.lastCode('boris@mail.ru') },
      { 'x-forwarded-proto': 'https' },
    );
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('session='))).toMatch(
      /^session=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    for (const name of ['token', 'account_id', 'user_id', 'billing_id', 'is_kid']) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie, name).toMatch(/; Max-Age=31536000; Path=\/; Secure; SameSite=Lax$/);
      expect(cookie, name).not.toContain('HttpOnly');
    }
    // D1 keeps only a digest of the secret.
    const secret = browser.cookies.get('session')!.split('.')[1]!;
    const stored = await env.DB.prepare('SELECT secret_hash AS h FROM sessions').first<{
      h: string;
    }>();
    expect(stored?.h).not.toContain(secret);
  });

  it('answers an address that already has an account exactly like a new one, mails "already registered" and no code works', async () => {
    await signUp(new Browser(), messages, 'vera@mail.ru');
    await env.DB.prepare('DELETE FROM rate_limits').run(); // a minute later: the resend throttle has passed
    messages.clear();
    const fresh = await new Browser('203.0.113.20').post('/auth/email/sign_up/', {
      email: 'new@mail.ru',
      password: PASSWORD,
    });
    const known = await new Browser('203.0.113.21').post('/auth/email/sign_up/', {
      email: 'vera@mail.ru',
      password: PASSWORD,
    });
    expect(known.status).toBe(fresh.status);
    expect(await known.json()).toEqual(await fresh.json());
    const note = messages.sent.find((m) => m.to === 'vera@mail.ru')!;
    expect(note.subject).toBe('Вы уже зарегистрированы в Амедиатеке');
    expect(note.text).not.toMatch(/\b\d{6}\b/);
    expect(note.text).toContain('/auth?step=signin');

    // Step 2 for the known address fails like a wrong code for a new one, attempt for attempt.
    const tries = async (email: string) => {
      const out = [];
      for (let i = 0; i < 6; i++) {
        const res = await new Browser('203.0.113.22').post('/auth/email/sign_up/', {
          email,
          password: PASSWORD,
          code: '000000',
        });
        out.push([res.status, await res.json()]);
      }
      return out;
    };
    const freshTries = await tries('new@mail.ru');
    expect(await tries('vera@mail.ru')).toEqual(freshTries);
    expect(freshTries[0]).toEqual([
      400,
      { message: 'Неверный код. Осталось 4 попытки', details: { reason: 'invalid_code' } },
    ]);
    expect(freshTries[5]).toEqual([
      429,
      {
        message: 'Слишком много неверных попыток. Запросите новый код',
        details: { reason: 'code_attempts_exceeded' },
      },
    ]);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM accounts').first<{ n: number }>())?.n,
    ).toBe(1);
  });

  it('a code works once: replaying it after sign-up is refused and creates nothing', async () => {
    const browser = new Browser();
    await browser.post('/auth/email/sign_up/', { email: 'gleb@mail.ru', password: PASSWORD });
    const code = messages.lastCode('gleb@mail.ru');
    const [a, b] = await Promise.all([
      browser.post('/auth/email/sign_up/', { email: 'gleb@mail.ru', password: PASSWORD, code }),
      new Browser('203.0.113.30').post('/auth/email/sign_up/', {
        email: 'gleb@mail.ru',
        password: PASSWORD,
        code,
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    const again = await browser.post('/auth/email/sign_up/', {
      email: 'gleb@mail.ru',
      password: PASSWORD,
      code,
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({
      message: 'Код не найден или уже использован. Запросите новый код',
      details: { reason: 'code_missing' },
    });
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM accounts').first<{ n: number }>())?.n,
    ).toBe(1);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM profiles').first<{ n: number }>())?.n,
    ).toBe(1);
  });

  it('a code expires after 10 minutes, and a newer code replaces the older one', async () => {
    const browser = new Browser();
    await browser.post('/auth/email/sign_up/', { email: 'dina@mail.ru', password: PASSWORD });
    const first = messages.lastCode('dina@mail.ru');
    expect(
      await env.DB.prepare(
        "SELECT expires_at - created_at AS ttl FROM auth_codes WHERE purpose = 'sign_up'",
      ).first(),
    ).toEqual({ ttl: 600 });
    await env.DB.prepare(
      "UPDATE auth_codes SET expires_at = unixepoch() - 1 WHERE purpose = 'sign_up'",
    ).run();
    const expired = await browser.post('/auth/email/sign_up/', {
      email: 'dina@mail.ru',
      password: PASSWORD,
      code: first,
    });
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({
      message: 'Срок действия кода истёк. Запросите новый код',
      details: { reason: 'code_expired' },
    });

    await env.DB.prepare('DELETE FROM rate_limits').run(); // a minute later: resend allowed
    await browser.post('/auth/email/sign_up/', { email: 'dina@mail.ru', password: PASSWORD });
    const second = messages.lastCode('dina@mail.ru');
    if (second !== first) {
      const old = await browser.post('/auth/email/sign_up/', {
        email: 'dina@mail.ru',
        password: PASSWORD,
        code: first,
      });
      expect(old.status).toBe(400);
    }
    expect(
      (
        await browser.post('/auth/email/sign_up/', {
          email: 'dina@mail.ru',
          password: PASSWORD,
          code: second,
        })
      ).status,
    ).toBe(201);
  });

  it('refuses bad input with 422 and a Russian message', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'not-an-email', password: PASSWORD }, 'Введите корректный e-mail'],
      [{ email: 'a@b.ru', password: 'short' }, 'Пароль должен быть не короче 8 символов'],
      [
        { email: 'a@b.ru', password: 'x'.repeat(129) },
        'Пароль должен быть не длиннее 128 символов',
      ],
      [{ email: 'a@b.ru', password: PASSWORD, code: '12ab56' }, 'Код состоит из 6 цифр'],
    ];
    for (const [body, message] of cases) {
      const res = await new Browser().post('/auth/email/sign_up/', body);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        message,
        details: expect.objectContaining({ reason: 'invalid_field' }),
      });
    }
    expect(messages.sent).toHaveLength(0);
  });
});

describe('/auth/email/check', () => {
  it('validates the address and answers { valid: true } whether or not it has an account', async () => {
    await resetAccounts();
    await signUp(new Browser(), messages, 'known@mail.ru');
    for (const email of ['known@mail.ru', 'unknown@mail.ru']) {
      const get = await new Browser().fetch(`/auth/email/check?email=${encodeURIComponent(email)}`);
      const post = await new Browser().post('/auth/email/check', { email });
      expect([get.status, await get.json()]).toEqual([200, { valid: true }]);
      expect([post.status, await post.json()]).toEqual([200, { valid: true }]);
    }
    const bad = await new Browser().post('/auth/email/check', { email: 'nope' });
    expect([bad.status, await bad.json()]).toEqual([
      422,
      {
        message: 'Введите корректный e-mail',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
  });
});
