import { describe, expect, it } from 'vitest';
import { SITE_NAME } from '../../shared/site.ts';
import { type OutgoingMessage, outgoingMessageSchema } from './message.ts';
import {
  accountExists,
  BRAND,
  contactChangeCode,
  contactChanged,
  contactInUse,
  PURPOSES,
  parentalControlCode,
  passwordResetCode,
  passwordResetNoAccount,
  signInCode,
  signUpCode,
  supportRequestCopy,
} from './templates.ts';

const codeTemplates = {
  signUpCode,
  signInCode,
  passwordResetCode,
  parentalControlCode,
  contactChangeCode,
};
const SMS_SEGMENT = 70; // characters of one UCS-2 (Cyrillic) SMS segment

describe('message templates', () => {
  it('decline the site name as the site spells it', () => {
    expect(BRAND.name).toBe(SITE_NAME);
    const stem = SITE_NAME.slice(0, -1);
    for (const form of [BRAND.accusative, BRAND.prepositional, BRAND.genitive])
      expect(form.startsWith(stem)).toBe(true);
  });

  it('sign-in SMS is the short text of the brief', () => {
    expect(signInCode({ channel: 'sms', to: '+79991234567', code: '123456' })).toEqual({
      channel: 'sms',
      to: '+79991234567',
      text: 'Код для входа в Амедиатеку: 123456. Никому его не сообщайте.',
      purpose: 'sign_in_code',
    });
  });

  for (const [name, template] of Object.entries(codeTemplates)) {
    it(`${name}: an SMS of one segment and an e-mail with the code once, the validity and a warning`, () => {
      const text = template({ channel: 'sms', to: '+79991234567', code: '482916' });
      expect(text.text.length).toBeLessThanOrEqual(SMS_SEGMENT);
      expect(text.text.match(/\d{6}/g)).toEqual(['482916']);
      expect(text.text).toMatch(/^[^a-z]*$/i);

      const mail = template({
        channel: 'email',
        to: 'ivan@example.ru',
        code: '482916',
        idempotencyKey: 'k1',
      });
      expect(mail.subject).toMatch(/[а-яё]/i);
      expect(mail.subject).not.toContain('482916');
      expect(mail.text.match(/\b\d{6}\b/g)).toEqual(['482916']);
      expect(mail.text).toContain('Код действует 10 минут.');
      expect(mail.text).toContain('Никому его не сообщайте');
      expect(mail.html).toContain('>482916</p>');
      expect(mail.idempotencyKey).toBe('k1');
      expect(
        outgoingMessageSchema.safeParse(text).success &&
          outgoingMessageSchema.safeParse(mail).success,
      ).toBe(true);
    });
  }

  it('every purpose is distinct and a valid purpose name', () => {
    const values = Object.values(PURPOSES);
    expect(new Set(values).size).toBe(values.length);
    const built: OutgoingMessage[] = [
      signUpCode({ channel: 'email', to: 'a@example.ru', code: '000001' }),
      signInCode({ channel: 'email', to: 'a@example.ru', code: '000001' }),
      passwordResetCode({ channel: 'email', to: 'a@example.ru', code: '000001' }),
      accountExists({
        channel: 'email',
        to: 'a@example.ru',
        signInUrl: 'https://amediateka.example/auth',
      }),
      passwordResetNoAccount({
        to: 'a@example.ru',
        signUpUrl: 'https://amediateka.example/auth?step=signup',
      }),
      supportRequestCopy({ to: 'a@example.ru', requestId: '7', subject: 'Оплата', text: 'Вопрос' }),
      parentalControlCode({ channel: 'email', to: 'a@example.ru', code: '000001' }),
      contactChangeCode({ channel: 'email', to: 'a@example.ru', code: '000001' }),
      contactInUse({
        channel: 'email',
        to: 'a@example.ru',
        signInUrl: 'https://amediateka.example/auth?step=signin',
      }),
      contactChanged({
        channel: 'email',
        to: 'a@example.ru',
        kind: 'email',
        now: 'ne***@example.ru',
        supportUrl: 'https://amediateka.example/settings/support',
      }),
    ];
    expect(built.map((m) => m.purpose).sort()).toEqual([...values].sort());
  });

  it('contact notices fit one SMS segment and carry no code', () => {
    for (const m of [
      contactInUse({
        channel: 'sms',
        to: '+79991234567',
        signInUrl: 'https://amediateka.example/auth',
      }),
      contactChanged({
        channel: 'sms',
        to: '+79991234567',
        kind: 'email',
        now: 'ne***@example.ru',
        supportUrl: 'https://amediateka.example/settings/support',
      }),
      contactChanged({
        channel: 'sms',
        to: '+79991234567',
        kind: 'phone',
        now: '+7 *** ***-**-67',
        supportUrl: 'https://amediateka.example/settings/support',
      }),
    ]) {
      expect(m.text.length).toBeLessThanOrEqual(SMS_SEGMENT);
      expect(m.text).not.toMatch(/\d{6}/);
    }
    const mail = contactChanged({
      channel: 'email',
      to: 'old@example.ru',
      kind: 'phone',
      now: '+7 *** ***-**-67',
      supportUrl: 'https://amediateka.example/settings/support',
    });
    expect(mail.subject).toBe('В аккаунте Амедиатеки изменён номер телефона');
    expect(mail.text).toContain('теперь это +7 *** ***-**-67');
    expect(mail.html).toContain('href="https://amediateka.example/settings/support"');
  });

  it('code validity follows Russian plurals', () => {
    expect(
      signInCode({ channel: 'email', to: 'a@example.ru', code: '123456', minutes: 1 }).text,
    ).toContain('Код действует 1 минуту.');
    expect(
      signInCode({ channel: 'email', to: 'a@example.ru', code: '123456', minutes: 3 }).text,
    ).toContain('Код действует 3 минуты.');
  });

  it('refuses a code that is not six digits', () => {
    expect(() => signInCode({ channel: 'sms', to: '+79991234567', code: '12345' })).toThrow();
    expect(() => signInCode({ channel: 'sms', to: '+79991234567', code: '12345a' })).toThrow();
  });

  it('"account exists" points to sign-in and carries no code', () => {
    const mail = accountExists({
      channel: 'email',
      to: 'a@example.ru',
      signInUrl: 'https://amediateka.example/auth',
    });
    expect(mail.subject).toBe('Вы уже зарегистрированы в Амедиатеке');
    expect(mail.text).toContain('Войти в аккаунт: https://amediateka.example/auth');
    expect(mail.html).toContain('<a href="https://amediateka.example/auth">Войти в аккаунт</a>');
    expect(mail.text).not.toMatch(/\d{6}/);
    const text = accountExists({
      channel: 'sms',
      to: '+79991234567',
      signInUrl: 'https://amediateka.example/auth',
    });
    expect(text.text).toBe('Этот номер уже зарегистрирован в Амедиатеке. Войдите по нему.');
  });

  it('a support request copy quotes the request, escaped in HTML', () => {
    const mail = supportRequestCopy({
      to: 'a@example.ru',
      requestId: '42',
      subject: 'Оплата',
      text: 'Не проходит <b>платёж</b>\nвторая строка',
    });
    expect(mail).toMatchObject({
      channel: 'email',
      purpose: 'support_request_copy',
      subject: 'Обращение № 42 принято: Оплата',
    });
    expect(mail.text).toContain('> Не проходит <b>платёж</b>\n> вторая строка');
    expect(mail.html).toContain('Не проходит &lt;b&gt;платёж&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('support@amediateka.example');
  });
});
