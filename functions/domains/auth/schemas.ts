import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { normalizePhone } from './phone.ts';
import { authTexts } from './texts.ts';

/** Request schemas of the accounts API; the OpenAPI document is generated from them. */

/** Trimmed and lower-cased before the check, so `Anna@Mail.RU ` and `anna@mail.ru` are one account. */
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, authTexts.emailInvalid)
  .pipe(z.email({ message: authTexts.emailInvalid }));

export const phone = z
  .string()
  .max(32, authTexts.phoneInvalid)
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) ctx.addIssue({ code: 'custom', message: authTexts.phoneInvalid });
    return e164 ?? '';
  });

export const password = z
  .string()
  .min(8, authTexts.passwordTooShort)
  .max(128, authTexts.passwordTooLong);
export const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, authTexts.codeFormat);

export const emailBody = z.object({ email });
export const emailQuery = z.object({ email });
export const signUpBody = z.object({ email, password, code: code.optional() });
/** A password to check (sign-in, current password): any stored one was at least 8 characters. */
const givenPassword = z
  .string()
  .min(1, authTexts.passwordRequired)
  .max(128, authTexts.passwordTooLong);
export const signInBody = z.object({ email, password: givenPassword });
export const phoneBody = z.object({ phone });
export const phoneSignInBody = z
  .object({ phone, code: code.optional(), password: givenPassword.optional() })
  .refine((b) => (b.code === undefined) !== (b.password === undefined), {
    message: authTexts.codeOrPassword,
    path: ['code'],
  });
export const emailCodeBody = z.object({ email, code });
export const phoneCodeBody = z.object({ phone, code });
export const changePasswordBody = z
  .object({
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/)
      .optional(),
    current_password: givenPassword.optional(),
    new_password: password,
  })
  .refine((b) => (b.token === undefined) !== (b.current_password === undefined), {
    message: authTexts.tokenOrCurrentPassword,
    path: ['token'],
  });
/**
 * Changing the e-mail or phone: step 1 carries the current password (or nothing after a fresh
 * verification), step 2 the code sent to the new address.
 */
const changeProof = { password: givenPassword.optional(), code: code.optional() };
const notBoth = (b: { password?: string; code?: string }) =>
  b.password === undefined || b.code === undefined;
export const emailChangeBody = z
  .object({ email, ...changeProof })
  .refine(notBoth, { message: authTexts.passwordOrCode, path: ['code'] });
export const phoneChangeBody = z
  .object({ phone, ...changeProof })
  .refine(notBoth, { message: authTexts.passwordOrCode, path: ['code'] });
export const sessionParam = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

/** Answer schemas of the accounts API: the services' answer types are inferred from them. */

const int = z.number().int();

/** The answer of every sign-in: the access token (15 minutes) and the session cookies beside it. */
export const signedIn = z.object({
  token: z.string().describe('Токен доступа (JWT, 15 минут); cookies сеанса ставятся рядом'),
  accountId: int,
  userId: int,
  billingId: z.string(),
  isKid: z.boolean(),
});

export const phoneSignedIn = signedIn.extend({
  isNewAccount: z.boolean().optional().describe('Вход по коду создал аккаунт'),
});

export const codeSent = z
  .object({ status: z.literal('code_sent') })
  .describe('Одинаково для известных и неизвестных адресов');

export const valid = z.object({ valid: z.literal(true) });
export const resetToken = z.object({
  token: z.string().describe('Одноразовый токен смены пароля'),
});

export const passwordChanged = z.object({
  status: z.literal('password_changed'),
  signedOut: z.enum(['all', 'others']),
  endedSessions: int.optional(),
});

export const sessions = z.object({
  count: int,
  results: z.array(
    z.object({
      id: z.string(),
      deviceType: z.string(),
      deviceName: z.string(),
      country: z.string(),
      createdAt: int,
      lastSeenAt: int,
      current: z.boolean(),
    }),
  ),
});

export const revoked = z.object({ status: z.literal('revoked'), endedSessions: int });
