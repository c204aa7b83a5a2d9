/**
 * Every e-mail and SMS the service sends, in Russian, one function per purpose. Each returns a
 * ready `OutgoingMessage`: `await messageSender().send(signInCode({ channel: 'sms', to, code }))`.
 * An SMS fits one segment (70 Cyrillic characters); an e-mail has a text and an HTML part with
 * the same words.
 */

import { escapeXml } from '../../lib/markup.ts';
import { pluralForm } from '../../shared/ru.ts';
import { OPERATOR, SITE_NAME } from '../../shared/site.ts';
import type { MessageChannel, OutgoingMessage } from './message.ts';

/** The site's name (functions/shared/site.ts) and the cases the messages need; a test keeps them in step. */
export const BRAND = {
  name: SITE_NAME,
  /** «вход в Амедиатеку» */
  accusative: 'Амедиатеку',
  /** «в Амедиатеке» */
  prepositional: 'Амедиатеке',
  /** «команда Амедиатеки» */
  genitive: 'Амедиатеки',
} as const;

/** The `purpose` of each message, as stored in the outbox and sent as the e-mail's tag. */
export const PURPOSES = {
  signUpCode: 'sign_up_code',
  signInCode: 'sign_in_code',
  passwordResetCode: 'password_reset_code',
  accountExists: 'account_exists',
  supportRequestCopy: 'support_request_copy',
  passwordResetNoAccount: 'password_reset_no_account',
  parentalControlCode: 'parental_control_code',
  contactChangeCode: 'contact_change_code',
  contactInUse: 'contact_in_use',
  contactChanged: 'contact_changed',
} as const;

/** One-time codes are six digits, valid 10 minutes. */
const CODE_TTL_MINUTES = 10;

interface Recipient {
  channel: MessageChannel;
  to: string;
  idempotencyKey?: string;
}

interface CodeMessage extends Recipient {
  /** Six digits. */
  code: string;
  minutes?: number;
}

/**
 * The sign-up confirmation code.
 * @example signUpCode({ channel: 'email', to: 'ivan@example.ru', code: '123456' })
 */
export function signUpCode(m: CodeMessage): OutgoingMessage {
  return codeMessage(m, PURPOSES.signUpCode, {
    sms: `Код для регистрации в ${BRAND.prepositional}: ${m.code}. Никому его не сообщайте.`,
    subject: `Код для регистрации в ${BRAND.prepositional}`,
    lead: `Ваш код для регистрации в ${BRAND.prepositional}:`,
    notYou: 'Если вы не регистрировались, просто проигнорируйте это письмо.',
  });
}

/**
 * The sign-in code (phone sign-in, or e-mail when the viewer asks for a code instead of a password).
 * @example signInCode({ channel: 'sms', to: '+79991234567', code: '123456' })
 */
export function signInCode(m: CodeMessage): OutgoingMessage {
  return codeMessage(m, PURPOSES.signInCode, {
    sms: `Код для входа в ${BRAND.accusative}: ${m.code}. Никому его не сообщайте.`,
    subject: `Код для входа в ${BRAND.accusative}`,
    lead: `Ваш код для входа в ${BRAND.accusative}:`,
    notYou:
      'Если вы не пытались войти, просто проигнорируйте это письмо: без кода в аккаунт не войти.',
  });
}

/**
 * The password reset code.
 * @example passwordResetCode({ channel: 'email', to: 'ivan@example.ru', code: '123456' })
 */
export function passwordResetCode(m: CodeMessage): OutgoingMessage {
  return codeMessage(m, PURPOSES.passwordResetCode, {
    sms: `Код для сброса пароля в ${BRAND.prepositional}: ${m.code}. Никому его не сообщайте.`,
    subject: `Сброс пароля в ${BRAND.prepositional}`,
    lead: 'Вы запросили сброс пароля. Ваш код:',
    notYou: 'Если вы не запрашивали сброс, проигнорируйте это письмо: пароль останется прежним.',
  });
}

/**
 * The parental-control verification code (setting up, changing or resetting the PIN).
 * @example parentalControlCode({ channel: 'sms', to: '+79991234567', code: '123456' })
 */
export function parentalControlCode(m: CodeMessage): OutgoingMessage {
  return codeMessage(m, PURPOSES.parentalControlCode, {
    sms: `Код для родительского контроля: ${m.code}. Никому его не сообщайте.`,
    subject: `Код для родительского контроля в ${BRAND.prepositional}`,
    lead: 'Код для настройки родительского контроля:',
    notYou: 'Если вы не меняли настройки родительского контроля, смените пароль аккаунта.',
  });
}

/**
 * The code that proves a new e-mail or phone before it replaces the account's own.
 * @example contactChangeCode({ channel: 'email', to: 'new@example.ru', code: '123456' })
 */
export function contactChangeCode(m: CodeMessage): OutgoingMessage {
  return codeMessage(m, PURPOSES.contactChangeCode, {
    sms: `Код для привязки номера в ${BRAND.prepositional}: ${m.code}. Никому его не сообщайте.`,
    subject: `Подтвердите адрес в ${BRAND.prepositional}`,
    lead: 'Чтобы сделать этот адрес адресом вашего аккаунта, введите код:',
    notYou:
      'Если вы не меняли e-mail, просто проигнорируйте это письмо: без кода адрес не изменится.',
  });
}

/**
 * Sent instead of a change code when the new address belongs to another account: the requester
 * learns nothing, the owner of the address learns that someone tried.
 * @example contactInUse({ channel: 'email', to: 'taken@example.ru', signInUrl: 'https://amediateka.example/auth?step=signin' })
 */
export function contactInUse(m: Recipient & { signInUrl: string }): OutgoingMessage {
  if (m.channel === 'sms') {
    return sms(
      m,
      PURPOSES.contactInUse,
      `Этот номер уже привязан к другому аккаунту ${BRAND.genitive}.`,
    );
  }
  return email(m, PURPOSES.contactInUse, `Адрес уже используется в ${BRAND.prepositional}`, [
    `Кто-то, возможно вы, пытался привязать этот адрес к аккаунту в ${BRAND.prepositional}, но он уже привязан к другому аккаунту.`,
    { text: 'Войти с этим адресом', href: m.signInUrl },
    'Если это были не вы, ничего делать не нужно: адрес остался за вашим аккаунтом.',
  ]);
}

/**
 * Tells the account's previous (or other) address that its e-mail or phone has changed.
 * @example contactChanged({ channel: 'email', to: 'old@example.ru', kind: 'email', now: 'ne***@example.ru', supportUrl: 'https://amediateka.example/settings/support' })
 */
export function contactChanged(
  m: Recipient & { kind: 'email' | 'phone'; now: string; supportUrl: string },
): OutgoingMessage {
  const what = m.kind === 'email' ? 'e-mail' : 'номер телефона';
  if (m.channel === 'sms') {
    return sms(
      m,
      PURPOSES.contactChanged,
      `В аккаунте ${BRAND.genitive} изменён ${m.kind === 'email' ? 'e-mail' : 'номер'}. Не вы? Напишите нам.`,
    );
  }
  return email(m, PURPOSES.contactChanged, `В аккаунте ${BRAND.genitive} изменён ${what}`, [
    `В вашем аккаунте изменён ${what}: теперь это ${m.now}. Остальные устройства вышли из аккаунта.`,
    'Если это были не вы, сразу напишите в поддержку — мы вернём доступ.',
    { text: 'Написать в поддержку', href: m.supportUrl },
  ]);
}

/**
 * Sent instead of a sign-up code when the address already has an account, so the sign-up
 * answer is the same for new and known addresses and only the owner learns the difference.
 * @example accountExists({ channel: 'email', to: 'ivan@example.ru', signInUrl: 'https://amediateka.example/auth' })
 */
export function accountExists(m: Recipient & { signInUrl: string }): OutgoingMessage {
  if (m.channel === 'sms') {
    return sms(
      m,
      PURPOSES.accountExists,
      `Этот номер уже зарегистрирован в ${BRAND.prepositional}. Войдите по нему.`,
    );
  }
  return email(m, PURPOSES.accountExists, `Вы уже зарегистрированы в ${BRAND.prepositional}`, [
    `Кто-то, возможно вы, пытался зарегистрироваться в ${BRAND.prepositional} с этим адресом, но аккаунт с ним уже есть.`,
    { text: 'Войти в аккаунт', href: m.signInUrl },
    'Если вы забыли пароль, восстановите его на странице входа. Если это были не вы, ничего делать не нужно.',
  ]);
}

/**
 * Sent instead of a reset code when the e-mail has no account, so the reset answer is the same
 * for known and unknown addresses and only the owner of the mailbox learns the difference.
 * @example passwordResetNoAccount({ to: 'ivan@example.ru', signUpUrl: 'https://amediateka.example/auth?step=signup' })
 */
export function passwordResetNoAccount(m: {
  to: string;
  signUpUrl: string;
  idempotencyKey?: string;
}): OutgoingMessage {
  return email(
    { ...m, channel: 'email' },
    PURPOSES.passwordResetNoAccount,
    `Сброс пароля в ${BRAND.prepositional}`,
    [
      `Кто-то, возможно вы, запросил сброс пароля для этого адреса, но аккаунта с ним в ${BRAND.prepositional} нет.`,
      'Возможно, вы регистрировались с другим адресом или по номеру телефона.',
      { text: 'Зарегистрироваться', href: m.signUpUrl },
      'Если это были не вы, ничего делать не нужно.',
    ],
  );
}

/**
 * A copy of a support request for the viewer who sent it (always e-mail).
 * @example supportRequestCopy({ to: 'ivan@example.ru', requestId: '42', subject: 'Оплата', text: 'Не проходит платёж' })
 */
export function supportRequestCopy(m: {
  to: string;
  requestId: string;
  subject: string;
  text: string;
  idempotencyKey?: string;
}): OutgoingMessage {
  return email(
    { ...m, channel: 'email' },
    PURPOSES.supportRequestCopy,
    `Обращение № ${m.requestId} принято: ${m.subject}`,
    [
      `Мы получили ваше обращение № ${m.requestId} и ответим на этот адрес.`,
      `Тема: ${m.subject}`,
      { quote: m.text },
    ],
  );
}

interface CodeWords {
  sms: string;
  subject: string;
  lead: string;
  notYou: string;
}

function codeMessage(m: CodeMessage, purpose: string, words: CodeWords): OutgoingMessage {
  if (!/^\d{6}$/.test(m.code)) throw new Error('a one-time code is six digits');
  if (m.channel === 'sms') return sms(m, purpose, words.sms);
  const minutes = m.minutes ?? CODE_TTL_MINUTES;
  return email(m, purpose, words.subject, [
    words.lead,
    { code: m.code },
    `Код действует ${minutes} ${pluralForm(minutes, { one: 'минуту', few: 'минуты', many: 'минут' })}. Никому его не сообщайте: сотрудники ${BRAND.genitive} никогда не спрашивают коды.`,
    words.notYou,
  ]);
}

function sms(m: Recipient, purpose: string, text: string): OutgoingMessage {
  return {
    channel: 'sms',
    to: m.to,
    text,
    purpose,
    ...(m.idempotencyKey ? { idempotencyKey: m.idempotencyKey } : {}),
  };
}

export type Block = string | { code: string } | { text: string; href: string } | { quote: string };

const SIGNATURE = `Команда ${BRAND.genitive}`;
const FOOTER = `Письмо отправлено автоматически, отвечать на него не нужно. Вопросы: ${OPERATOR.email}`;

/** An e-mail whose text and HTML parts carry the same blocks, greeting and signature. */
export function email(
  m: Recipient,
  purpose: string,
  subject: string,
  blocks: Block[],
): OutgoingMessage {
  const all: Block[] = ['Здравствуйте!', ...blocks, SIGNATURE];
  const text = [...all.map(blockText), '—', FOOTER].join('\n\n');
  const html =
    '<!doctype html><html lang="ru"><body style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#111">' +
    all.map(blockHtml).join('') +
    `<p style="color:#666;font-size:13px">${escapeXml(FOOTER)}</p></body></html>`;
  return {
    channel: 'email',
    to: m.to,
    subject,
    text,
    html,
    purpose,
    ...(m.idempotencyKey ? { idempotencyKey: m.idempotencyKey } : {}),
  };
}

function blockText(block: Block): string {
  if (typeof block === 'string') return block;
  if ('code' in block) return block.code;
  if ('href' in block) return `${block.text}: ${block.href}`;
  return block.quote
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

function blockHtml(block: Block): string {
  if (typeof block === 'string') return `<p>${escapeXml(block)}</p>`;
  if ('code' in block)
    return `<p style="font-size:32px;font-weight:700;letter-spacing:6px">${escapeXml(block.code)}</p>`;
  if ('href' in block)
    return `<p><a href="${escapeXml(block.href)}">${escapeXml(block.text)}</a></p>`;
  return `<blockquote style="margin:0;padding-left:12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeXml(block.quote)}</blockquote>`;
}
