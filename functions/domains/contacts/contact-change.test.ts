import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';

const messages = recordMessages();
const PASSWORD = 'correct horse 1';
const accountRow = async (id: number) =>
  env.DB.prepare('SELECT email, phone FROM accounts WHERE id = ?')
    .bind(id)
    .first<{ email: string | null; phone: string | null }>();
const json = async (res: Response) => [res.status, await res.json()];
/** Forgets the send throttles (one code a minute per address) between steps that mail the same address. */
const forgetThrottles = () => env.DB.prepare('DELETE FROM rate_limits').run();

async function signInByPhone(browser: Browser, phone: string) {
  await forgetThrottles();
  await browser.post('/auth/phone/check/', { phone });
  const res = await browser.post('/auth/phone/sign_in/', { phone, code: messages.lastCode(phone) });
  if (res.status !== 200) throw new Error(`phone sign-in ${res.status}`);
  return (await res.json()) as { token: string; accountId: number };
}

let anna: Browser;
let annaId: number;

beforeEach(async () => {
  await resetAccounts();
  messages.clear();
  anna = new Browser('203.0.113.20');
  annaId = (await signUp(anna, messages, 'anna@mail.ru', PASSWORD)).accountId;
  messages.clear();
});

describe('changing the e-mail', () => {
  it('current password → code to the new address → the address changes, other devices sign out, the old address is told', async () => {
    const laptop = new Browser('203.0.113.21');
    const { token: laptopToken } = (await (
      await laptop.post('/auth/email/sign_in/', { email: 'anna@mail.ru', password: PASSWORD })
    ).json()) as { token: string };

    expect(
      await json(
        await anna.post('/auth/email/change/', { email: 'Anna.New@Mail.ru ', password: PASSWORD }),
      ),
    ).toEqual([202, { status: 'code_sent' }]);
    expect(messages.sent.map((m) => [m.to, m.purpose])).toEqual([
      ['anna.new@mail.ru', 'contact_change_code'],
    ]);
    // Nothing changes before the code: the old address still signs in.
    expect((await accountRow(annaId))!.email).toBe('anna@mail.ru');

    const done = await anna.post('/auth/email/change/', {
      email: 'anna.new@mail.ru',
      code: messages.lastCode('anna.new@mail.ru'),
    });
    expect(await json(done)).toEqual([
      200,
      { status: 'email_changed', signedOut: 'others', endedSessions: 1 },
    ]);
    expect((await accountRow(annaId))!.email).toBe('anna.new@mail.ru');
    expect(
      (
        await new Browser().fetch('/auth/account/', {
          headers: { authorization: `Bearer ${laptopToken}` },
        })
      ).status,
    ).toBe(401);
    expect((await anna.fetch('/auth/account/')).status).toBe(200);

    const notice = messages.sent.at(-1)!;
    expect([notice.to, notice.purpose, notice.subject]).toEqual([
      'anna@mail.ru',
      'contact_changed',
      'В аккаунте Амедиатеки изменён e-mail',
    ]);
    expect(notice.text).toContain('теперь это an***@mail.ru');
    expect(
      (
        await new Browser('203.0.113.22').post('/auth/email/sign_in/', {
          email: 'anna.new@mail.ru',
          password: PASSWORD,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await new Browser('203.0.113.23').post('/auth/email/sign_in/', {
          email: 'anna@mail.ru',
          password: PASSWORD,
        })
      ).status,
    ).toBe(401);
  });

  it('needs the current password; a wrong one changes nothing and sends nothing', async () => {
    expect(await json(await anna.post('/auth/email/change/', { email: 'new@mail.ru' }))).toEqual([
      403,
      {
        message: 'Подтвердите, что это вы: введите текущий пароль',
        details: { reason: 'password_required' },
      },
    ]);
    expect(
      await json(
        await anna.post('/auth/email/change/', {
          email: 'new@mail.ru',
          password: 'not my password',
        }),
      ),
    ).toEqual([
      403,
      { message: 'Неверный текущий пароль', details: { reason: 'wrong_current_password' } },
    ]);
    expect(messages.sent).toEqual([]);
    expect(
      (
        await new Browser().post('/auth/email/change/', {
          email: 'new@mail.ru',
          password: PASSWORD,
        })
      ).status,
    ).toBe(401);
  });

  it('refuses bad input with Russian texts', async () => {
    expect(
      await json(
        await anna.post('/auth/email/change/', { email: 'anna@mail.ru', password: PASSWORD }),
      ),
    ).toEqual([
      400,
      { message: 'Это и есть e-mail вашего аккаунта', details: { reason: 'same_contact' } },
    ]);
    const invalid = await anna.post('/auth/email/change/', {
      email: 'not-an-address',
      password: PASSWORD,
    });
    expect(invalid.status).toBe(422);
    expect(JSON.stringify(await invalid.json())).toContain('Введите корректный e-mail');
    const both = await anna.post('/auth/email/change/', {
      email: 'new@mail.ru',
      password: PASSWORD,
      code: '123456',
    });
    expect(both.status).toBe(422);
    expect(JSON.stringify(await both.json())).toContain(
      'Укажите текущий пароль или код из сообщения, но не оба сразу',
    );
  });

  it("another account's address: the same answer, a note to its owner and a code that can never match", async () => {
    await signUp(new Browser('203.0.113.30'), messages, 'boris@mail.ru');
    await forgetThrottles();
    messages.clear();
    expect(
      await json(
        await anna.post('/auth/email/change/', { email: 'boris@mail.ru', password: PASSWORD }),
      ),
    ).toEqual([202, { status: 'code_sent' }]);
    expect(messages.sent.map((m) => [m.to, m.purpose])).toEqual([
      ['boris@mail.ru', 'contact_in_use'],
    ]);
    expect(messages.sent[0]!.text).not.toMatch(/\b\d{6}\b/);
    const guess = await anna.post('/auth/email/change/', {
      email: 'boris@mail.ru',
      code: '000000',
    });
    expect(guess.status).toBe(400);
    expect((await accountRow(annaId))!.email).toBe('anna@mail.ru');
  });

  it('a code proves the address for this account only, once', async () => {
    await anna.post('/auth/email/change/', { email: 'new@mail.ru', password: PASSWORD });
    const code = messages.lastCode('new@mail.ru');
    const other = new Browser('203.0.113.40');
    await signUp(other, messages, 'other@mail.ru');
    expect((await other.post('/auth/email/change/', { email: 'new@mail.ru', code })).status).toBe(
      400,
    );
    expect((await anna.post('/auth/email/change/', { email: 'new@mail.ru', code })).status).toBe(
      200,
    );
    const replay = await anna.post('/auth/email/change/', { email: 'new@mail.ru', code });
    expect(await json(replay)).toEqual([
      400,
      {
        message: 'Код не найден или уже использован. Запросите новый код',
        details: { reason: 'code_missing' },
      },
    ]);
  });

  it('two accounts racing for one free address: the second confirmation is a 409 and changes nothing', async () => {
    const boris = new Browser('203.0.113.50');
    const borisId = (await signUp(boris, messages, 'boris@mail.ru')).accountId;
    await anna.post('/auth/email/change/', { email: 'free@mail.ru', password: PASSWORD });
    const annaCode = messages.lastCode('free@mail.ru');
    await forgetThrottles();
    await boris.post('/auth/email/change/', { email: 'free@mail.ru', password: PASSWORD });
    const borisCode = messages.lastCode('free@mail.ru');
    expect(
      (await anna.post('/auth/email/change/', { email: 'free@mail.ru', code: annaCode })).status,
    ).toBe(200);
    expect(
      await json(
        await boris.post('/auth/email/change/', { email: 'free@mail.ru', code: borisCode }),
      ),
    ).toEqual([
      409,
      {
        message: 'Этот e-mail уже привязан к другому аккаунту',
        details: { reason: 'contact_taken' },
      },
    ]);
    expect((await accountRow(borisId))!.email).toBe('boris@mail.ru');
    // The refused request consumed nothing: its code is still there to be refused the same way.
    expect(
      (await boris.post('/auth/email/change/', { email: 'free@mail.ru', code: borisCode })).status,
    ).toBe(409);
  });
});

describe('changing or adding the phone', () => {
  it('an e-mail account adds a phone by password and an SMS code; the e-mail is told', async () => {
    expect(
      (await anna.post('/auth/phone/change/', { phone: '8 (999) 555-01-02', password: PASSWORD }))
        .status,
    ).toBe(202);
    const sms = messages.sent.at(-1)!;
    expect([sms.channel, sms.to, sms.purpose]).toEqual([
      'sms',
      '+79995550102',
      'contact_change_code',
    ]);
    expect(
      await json(
        await anna.post('/auth/phone/change/', {
          phone: '+7 999 555 01 02',
          code: messages.lastCode('+79995550102'),
        }),
      ),
    ).toEqual([200, { status: 'phone_changed', signedOut: 'others', endedSessions: 0 }]);
    expect(await accountRow(annaId)).toEqual({ email: 'anna@mail.ru', phone: '+79995550102' });
    expect([messages.sent.at(-1)!.to, messages.sent.at(-1)!.subject]).toEqual([
      'anna@mail.ru',
      'В аккаунте Амедиатеки изменён номер телефона',
    ]);
    // The new number signs in to the same account.
    const phone = new Browser('203.0.113.60');
    expect((await signInByPhone(phone, '+79995550102')).accountId).toBe(annaId);
  });

  it('a passwordless (phone) account proves itself with a fresh verification code', async () => {
    const browser = new Browser('203.0.113.70');
    const { accountId } = await signInByPhone(browser, '+79995550103');
    messages.clear();
    expect(await json(await browser.post('/auth/email/change/', { email: 'me@mail.ru' }))).toEqual([
      403,
      {
        message: 'Подтвердите, что это вы: запросите код и введите его',
        details: { reason: 'verification_required' },
      },
    ]);
    expect(
      (
        await browser.post('/auth/email/change/', {
          email: 'me@mail.ru',
          password: 'anything at all',
        })
      ).status,
    ).toBe(403);

    await forgetThrottles();
    expect((await browser.post(`/auth/accounts/${accountId}/verification/send/`, {})).status).toBe(
      202,
    );
    expect(
      (
        await browser.post(`/auth/accounts/${accountId}/verification/check/`, {
          code: messages.lastCode('+79995550103'),
        })
      ).status,
    ).toBe(200);
    await forgetThrottles();
    expect((await browser.post('/auth/email/change/', { email: 'me@mail.ru' })).status).toBe(202);
    expect(
      (
        await browser.post('/auth/email/change/', {
          email: 'me@mail.ru',
          code: messages.lastCode('me@mail.ru'),
        })
      ).status,
    ).toBe(200);
    expect(await accountRow(accountId)).toEqual({ email: 'me@mail.ru', phone: '+79995550103' });
    expect(messages.sent.at(-1)).toMatchObject({
      channel: 'sms',
      to: '+79995550103',
      purpose: 'contact_changed',
    });
  });
});
