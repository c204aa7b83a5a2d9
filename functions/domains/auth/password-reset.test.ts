import { env } from 'cloudflare:workers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withoutWaiting } from '../../test-helpers.ts';
import { type OutgoingMessage, setDeliver } from './mailer.ts';
import { Browser, recordMessages, resetAccounts, signUp } from './test-support.ts';

const messages = recordMessages();
const PASSWORD = 'correct horse 1';
const NEW_PASSWORD = 'battery staple 2';
const live = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM sessions WHERE revoked_at IS NULL').first<{
    n: number;
  }>())!.n;

async function device(email: string, ip: string, password = PASSWORD) {
  const browser = new Browser(ip);
  const res = await browser.post('/auth/email/sign_in/', { email, password });
  if (res.status !== 200) throw new Error(`sign-in ${res.status}`);
  return { browser, token: ((await res.json()) as { token: string }).token };
}

beforeEach(async () => {
  await resetAccounts();
  messages.clear();
  await signUp(new Browser('198.51.100.1'), messages, 'anna@mail.ru');
  await env.DB.prepare('DELETE FROM rate_limits').run();
  messages.clear();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('password reset by e-mail', () => {
  it('answers known and unknown addresses alike; the owner gets a code, a stranger a "no account" note', async () => {
    const known = await new Browser('203.0.113.1').post('/auth/email/reset_pass/', {
      email: 'anna@mail.ru',
    });
    const unknown = await new Browser('203.0.113.2').post('/auth/email/reset_pass/', {
      email: 'ghost@mail.ru',
    });
    expect([known.status, await known.json()]).toEqual([202, { status: 'code_sent' }]);
    expect([unknown.status, await unknown.json()]).toEqual([202, { status: 'code_sent' }]);
    expect(messages.sent.map((m) => [m.to, m.subject])).toEqual([
      ['anna@mail.ru', 'Сброс пароля в Амедиатеке'],
      ['ghost@mail.ru', 'Сброс пароля в Амедиатеке'],
    ]);
    expect(messages.lastCode('anna@mail.ru')).toMatch(/^\d{6}$/);
    expect(messages.sent[1]!.text).not.toMatch(/\b\d{6}\b/);
    // A guessed code for the unknown address fails exactly like a wrong code for the known one.
    const tryCode = async (email: string) => {
      const res = await new Browser('203.0.113.3').post('/auth/email/change_pass_token/', {
        email,
        code: '000000',
      });
      return [res.status, await res.json()];
    };
    if (messages.lastCode('anna@mail.ru') !== '000000')
      expect(await tryCode('ghost@mail.ru')).toEqual(await tryCode('anna@mail.ru'));
  });

  it('links in the messages name the configured site, never the Host of the request', async () => {
    await new Browser('203.0.113.7').fetch('http://evil.example/auth/email/reset_pass/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://evil.example' },
      body: JSON.stringify({ email: 'ghost@mail.ru' }),
    });
    const note = messages.sent.find((m) => m.to === 'ghost@mail.ru');
    expect(note?.text).toContain('http://localhost:8787/auth?step=signup');
    expect(`${note?.text}${note?.html}`).not.toContain('evil.example');
  });

  it('code → one-time token → new password: every session ends (their tokens are refused at once), the new password works', async () => {
    const laptop = await device('anna@mail.ru', '203.0.113.4');
    const phone = await device('anna@mail.ru', '203.0.113.5');
    const browser = new Browser('203.0.113.6');
    await browser.post('/auth/email/reset_pass/', { email: 'anna@mail.ru' });
    const exchanged = await browser.post('/auth/email/change_pass_token/', {
      email: 'anna@mail.ru',
      code: messages.lastCode('anna@mail.ru'),
    });
    expect(exchanged.status).toBe(200);
    const { token } = (await exchanged.json()) as { token: string };
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const changed = await browser.post('/auth/change_password/', {
      token,
      new_password: NEW_PASSWORD,
    });
    expect([changed.status, await changed.json()]).toEqual([
      200,
      { status: 'password_changed', signedOut: 'all' },
    ]);
    expect(await live()).toBe(0);
    for (const d of [laptop, phone])
      expect(
        (
          await new Browser().fetch('/auth/account/', {
            headers: { authorization: `Bearer ${d.token}` },
          })
        ).status,
      ).toBe(401);
    expect(
      (await browser.post('/auth/email/sign_in/', { email: 'anna@mail.ru', password: PASSWORD }))
        .status,
    ).toBe(401);
    expect(
      (
        await browser.post('/auth/email/sign_in/', {
          email: 'anna@mail.ru',
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);

    const replay = await browser.post('/auth/change_password/', {
      token,
      new_password: 'third password 3',
    });
    expect([replay.status, await replay.json()]).toEqual([
      400,
      {
        message: 'Ссылка для смены пароля устарела. Запросите код восстановления ещё раз',
        details: { reason: 'password_token_invalid' },
      },
    ]);
  });

  it('a reset lifts the sign-in lock of the address', async () => {
    // The throttle's growing delays pass on the fake clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const attacker = new Browser('192.0.2.5');
    for (let i = 0; i < 5; i++)
      await withoutWaiting(
        attacker.post('/auth/email/sign_in/', {
          email: 'anna@mail.ru',
          password: `guess ${i}`,
        }),
      );
    expect(
      (await attacker.post('/auth/email/sign_in/', { email: 'anna@mail.ru', password: PASSWORD }))
        .status,
    ).toBe(429);
    const owner = new Browser('203.0.113.7');
    await owner.post('/auth/email/reset_pass/', { email: 'anna@mail.ru' });
    const { token } = (await (
      await owner.post('/auth/email/change_pass_token/', {
        email: 'anna@mail.ru',
        code: messages.lastCode('anna@mail.ru'),
      })
    ).json()) as { token: string };
    await owner.post('/auth/change_password/', { token, new_password: NEW_PASSWORD });
    expect(
      (await owner.post('/auth/email/sign_in/', { email: 'anna@mail.ru', password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
  });

  it('a password-change token expires after 10 minutes', async () => {
    const browser = new Browser('203.0.113.8');
    await browser.post('/auth/email/reset_pass/', { email: 'anna@mail.ru' });
    const { token } = (await (
      await browser.post('/auth/email/change_pass_token/', {
        email: 'anna@mail.ru',
        code: messages.lastCode('anna@mail.ru'),
      })
    ).json()) as { token: string };
    await env.DB.prepare(
      "UPDATE auth_codes SET expires_at = unixepoch() - 1 WHERE purpose = 'password_token'",
    ).run();
    expect(
      (await browser.post('/auth/change_password/', { token, new_password: NEW_PASSWORD })).status,
    ).toBe(400);
  });
});

describe('password reset by phone', () => {
  it('sends an SMS code to a known number, nothing to an unknown one, with the same answer; then changes the password', async () => {
    const browser = new Browser('203.0.113.9');
    await browser.post('/auth/phone/check/', { phone: '+79990001122' });
    await browser.post('/auth/phone/sign_in/', {
      phone: '+79990001122',
      code: messages.lastCode('+79990001122'),
    });
    await env.DB.prepare('DELETE FROM rate_limits').run();
    messages.clear();

    const known = await browser.post('/auth/phone/reset_pass/', { phone: '8 999 000-11-22' });
    const unknown = await browser.post('/auth/phone/reset_pass/', { phone: '+79990003344' });
    expect([known.status, await known.json()]).toEqual([202, { status: 'code_sent' }]);
    expect([unknown.status, await unknown.json()]).toEqual([202, { status: 'code_sent' }]);
    expect(messages.sent.map((m) => m.to)).toEqual(['+79990001122']);
    expect(messages.sent[0]!.text).toMatch(/^Код для сброса пароля в Амедиатеке: \d{6}\./);

    const exchanged = await browser.post('/auth/phone/change_pass_token/', {
      phone: '+79990001122',
      code: messages.lastCode('+79990001122'),
    });
    const { token } = (await exchanged.json()) as { token: string };
    expect(
      (await browser.post('/auth/change_password/', { token, new_password: NEW_PASSWORD })).status,
    ).toBe(200);
    const signIn = await new Browser('203.0.113.15').post('/auth/phone/sign_in/', {
      phone: '+79990001122',
      password: NEW_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    const wrong = await new Browser('203.0.113.15').post('/auth/phone/sign_in/', {
      phone: '+79990001122',
      password: 'not it at all',
    });
    expect([wrong.status, await wrong.json()]).toEqual([
      401,
      { message: 'Неверный номер телефона или пароль', details: { reason: 'invalid_credentials' } },
    ]);
  });
});

describe('password reset timing', () => {
  /**
   * A gateway that takes `ms` to accept a message, as a real SMS or mail API over the network. Its
   * wait is a fake timer: while it is pending the gateway has not taken the message.
   */
  async function withSlowGateway(ms: number, run: (sent: OutgoingMessage[]) => Promise<void>) {
    const sent: OutgoingMessage[] = [];
    const previous = setDeliver(async (message) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      sent.push(message);
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await run(sent);
    } finally {
      setDeliver(previous);
    }
  }

  /**
   * The answer to `body`. Had the Worker waited for the gateway before answering, the answer would
   * never come: the gateway's timer is fake and nothing runs it.
   */
  const answer = async (browser: Browser, path: string, body: unknown) => {
    const res = await browser.post(path, body);
    await res.arrayBuffer();
    return { status: res.status };
  };

  it('answers a known phone as fast as an unknown one: the SMS goes after the answer', async () => {
    const browser = new Browser('203.0.113.30');
    await browser.post('/auth/phone/check/', { phone: '+79990005566' });
    await browser.post('/auth/phone/sign_in/', {
      phone: '+79990005566',
      code: messages.lastCode('+79990005566'),
    });
    await env.DB.prepare('DELETE FROM rate_limits').run();
    await withSlowGateway(300, async (sent) => {
      const known = await answer(browser, '/auth/phone/reset_pass/', { phone: '+79990005566' });
      // The answer is here while the gateway still has its 300 ms to go.
      expect([vi.getTimerCount(), sent]).toEqual([1, []]);
      const unknown = await answer(browser, '/auth/phone/reset_pass/', { phone: '+79990007788' });
      expect([known.status, unknown.status]).toEqual([202, 202]);
      // The code still arrives, once the gateway has taken it.
      await vi.advanceTimersByTimeAsync(300);
      expect(sent.map((m) => m.to)).toEqual(['+79990005566']);
    });
  });

  it('answers a known e-mail as fast as an unknown one, each getting its message after the answer', async () => {
    await withSlowGateway(300, async (sent) => {
      const browser = new Browser('203.0.113.31');
      const known = await answer(browser, '/auth/email/reset_pass/', { email: 'anna@mail.ru' });
      expect([vi.getTimerCount(), sent]).toEqual([1, []]);
      const unknown = await answer(browser, '/auth/email/reset_pass/', { email: 'nobody@mail.ru' });
      expect([vi.getTimerCount(), sent]).toEqual([2, []]);
      expect([known.status, unknown.status]).toEqual([202, 202]);
      await vi.advanceTimersByTimeAsync(300);
      expect(sent.map((m) => m.to).sort()).toEqual(['anna@mail.ru', 'nobody@mail.ru']);
    });
  });
});

describe('password change with the current password', () => {
  it('sets the new password and ends every other session, whose tokens are refused at once; this one stays', async () => {
    const here = await device('anna@mail.ru', '203.0.113.20');
    const there = await device('anna@mail.ru', '203.0.113.21');
    const res = await here.browser.post('/auth/change_password/', {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect([res.status, await res.json()]).toEqual([
      200,
      { status: 'password_changed', signedOut: 'others', endedSessions: 2 },
    ]);
    expect(
      (
        await new Browser().fetch('/auth/account/', {
          headers: { authorization: `Bearer ${there.token}` },
        })
      ).status,
    ).toBe(401);
    expect((await there.browser.fetch('/auth/account/')).status).toBe(401);
    expect((await here.browser.fetch('/auth/account/')).status).toBe(200);
    expect(await live()).toBe(1);
  });

  it('refuses a wrong current password with 403 (counted against the sign-in lock) and changes nothing', async () => {
    const here = await device('anna@mail.ru', '203.0.113.22');
    const res = await here.browser.post('/auth/change_password/', {
      current_password: 'not my password',
      new_password: NEW_PASSWORD,
    });
    expect([res.status, await res.json()]).toEqual([
      403,
      { message: 'Неверный текущий пароль', details: { reason: 'wrong_current_password' } },
    ]);
    expect(
      (
        await new Browser().post('/auth/email/sign_in/', {
          email: 'anna@mail.ru',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('needs a live session (401), a body with exactly one of token and current_password, and a long enough new password (422)', async () => {
    expect(
      (
        await new Browser().post('/auth/change_password/', {
          current_password: PASSWORD,
          new_password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(401);
    const here = await device('anna@mail.ru', '203.0.113.23');
    const refusal = [
      422,
      {
        message: 'Укажите текущий пароль или код восстановления',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ];
    const neither = await here.browser.post('/auth/change_password/', {
      new_password: NEW_PASSWORD,
    });
    expect([neither.status, await neither.json()]).toEqual(refusal);
    const both = await here.browser.post('/auth/change_password/', {
      token: 'A'.repeat(43),
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect([both.status, await both.json()]).toEqual(refusal);
    const short = await here.browser.post('/auth/change_password/', {
      current_password: PASSWORD,
      new_password: 'short',
    });
    expect([short.status, await short.json()]).toEqual([
      422,
      {
        message: 'Пароль должен быть не короче 8 символов',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
  });

  it('refuses a change posted from another site', async () => {
    const here = await device('anna@mail.ru', '203.0.113.24');
    const res = await here.browser.post(
      '/auth/change_password/',
      { current_password: PASSWORD, new_password: NEW_PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(
      (
        await new Browser().post('/auth/email/sign_in/', {
          email: 'anna@mail.ru',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
  });
});
