import { describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';

const messages = recordMessages();

/** What a person must never read in a message: zod's and JavaScript's words. */
const JARGON = /ожидалось|получено|string|number|boolean|NaN|undefined|null|Invalid|expected/i;

interface Refusal {
  status: number;
  message: string;
  reason: string;
  field?: string;
  fields?: { field: string; message: string }[];
}

async function refusal(res: Response): Promise<Refusal> {
  const body = (await res.json()) as {
    message: string;
    details: { reason: string; field?: string; fields?: Refusal['fields'] };
  };
  return { status: res.status, message: body.message, ...body.details };
}

function expectPlainRussian(r: Refusal, about: RegExp) {
  for (const message of [r.message, ...(r.fields ?? []).map((f) => f.message)]) {
    expect(message, message).toMatch(/^[А-ЯЁE]/);
    expect(message, message).toMatch(/[а-яё]{3}/);
    expect(message, message).not.toMatch(JARGON);
  }
  expect(r.message).toMatch(about);
}

describe('validation answers', () => {
  it('name the wrong field in Russian, with the field path, as a 422 invalid_field', async () => {
    const cases: [string, unknown, string, RegExp][] = [
      ['/auth/email/sign_in/', {}, 'email', /Укажите e-mail/],
      ['/auth/email/sign_in/', { email: 'anna@mail.ru' }, 'password', /Укажите пароль/],
      ['/auth/email/sign_in/', { email: 42, password: 'x' }, 'email', /e-mail/i],
      [
        '/auth/email/sign_up/',
        { email: 'a@b.ru', password: 'short' },
        'password',
        /Пароль должен быть не короче 8 символов/,
      ],
      ['/auth/phone/check/', { phone: '12345' }, 'phone', /номер телефона в формате \+7/i],
      ['/auth/phone/check/', {}, 'phone', /Укажите номер телефона/],
      ['/auth/tv_code/approve/', {}, 'user_code', /Укажите код с экрана/],
      [
        '/api/support/requests/',
        { subject: 'nope', message: 'коротко', email: 'x' },
        'subject',
        /^Тема указана неверно/,
      ],
    ];
    for (const [path, body, field, about] of cases) {
      const r = await refusal(await new Browser().post(path, body));
      expect([r.status, r.reason, r.field], `${path} ${JSON.stringify(body)}`).toEqual([
        422,
        'invalid_field',
        field,
      ]);
      expectPlainRussian(r, about);
    }
  });

  it('lists every wrong field of a body, each in Russian', async () => {
    const r = await refusal(
      await new Browser().post('/api/support/requests/', {
        subject: 'nope',
        message: 'x',
        email: 1,
      }),
    );
    expect(r.fields?.map((f) => f.field)).toEqual(['subject', 'message', 'email']);
    expectPlainRussian(r, /^Тема указана неверно/);
    expect(r.fields?.[1]?.message).toBe('Сообщение должно быть не короче 10 символов');
  });

  it('word numbers and choices in queries plainly', async () => {
    const page = await refusal(await new Browser().fetch('/cms/content/series/?page=abc'));
    expect([page.status, page.reason, page.field]).toEqual([422, 'invalid_query', 'page']);
    expectPlainRussian(page, /^Страница должна быть числом$/);
    const sort = await refusal(await new Browser().fetch('/cms/content/series/?sort=random'));
    expectPlainRussian(sort, /^Сортировка указана неверно/);
  });

  it('name the field of a signed-in form too (profiles, parental control)', async () => {
    await resetAccounts();
    const browser = new Browser();
    const answer = await signUp(browser, messages, 'anna@mail.ru');
    const profile = await refusal(
      await browser.post('/auth/users/', { isKid: 'yes', name: 'Оля' }),
    );
    expect([profile.status, profile.reason, profile.field]).toEqual([
      422,
      'invalid_field',
      'isKid',
    ]);
    expectPlainRussian(profile, /^Тип профиля указан неверно$/);
    const pin = await refusal(
      await browser.post(`/auth/accounts/${answer.accountId}/pin-code/set/`, {}),
    );
    expect([pin.status, pin.field]).toEqual([422, 'pin']);
    expectPlainRussian(pin, /^Укажите PIN-код$/);
  });

  it('tell a body that cannot be read (400) from one with a wrong field (422)', async () => {
    const broken = await new Browser().fetch('/auth/email/sign_in/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email": "anna@mail.ru",',
    });
    const r = await refusal(broken);
    expect([r.status, r.reason]).toEqual([400, 'invalid_json']);
    expectPlainRussian(r, /Не удалось прочитать запрос/);
    const notObject = await refusal(await new Browser().post('/auth/email/sign_in/', 'anna'));
    expect([notObject.status, notObject.reason]).toEqual([400, 'invalid_json']);
    const notJson = await new Browser().fetch('/auth/email/sign_in/', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'email=anna@mail.ru',
    });
    expect([notJson.status, (await refusal(notJson)).reason]).toEqual([400, 'malformed_body']);
  });
});
