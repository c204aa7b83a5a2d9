/**
 * The answers that belong to no one domain, for the OpenAPI document (api-doc.ts): the list
 * wrappers, images and the accounts' answers (sign-in, social, TV code). A domain's own answers
 * live in its `schemas.ts`, beside its requests, and its types are inferred from them.
 */
import { z } from 'zod';
import { profileSchemas } from '../domains/profiles/index.ts';

const int = z.number().int();

export { pagedOf as paged, resultsOf as results } from '../lib/schemas.ts';

export const status = <S extends string>(value: S) => z.object({ status: z.literal(value) });

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

export const socials = z.object({
  fb: z.boolean(),
  vk: z.boolean(),
  ok: z.boolean(),
  ya: z.boolean(),
  gp: z.boolean(),
});

export const svg = { description: 'SVG', schema: z.string(), type: 'image/svg+xml' };
export const image = {
  description: 'WebP (растровые картинки) или SVG (рисованные)',
  schema: z.string(),
  type: 'image/*',
};

export const valid = z.object({ valid: z.literal(true) });
export const token = z.object({ token: z.string().describe('Одноразовый токен смены пароля') });

export const contactChanged = (kind: 'email' | 'phone') =>
  z.object({
    status: z.literal(`${kind}_changed`),
    signedOut: z.literal('others'),
    endedSessions: int,
  });

export const passwordChanged = z.object({
  status: z.literal('password_changed'),
  signedOut: z.enum(['all', 'others']),
  endedSessions: int.optional(),
});

export const account = z.object({
  id: int,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hasPassword: z.boolean(),
  billingId: z.string(),
  createdAt: int,
  socials,
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

export const deviceAuthorization = z.object({
  device_code: z.string(),
  user_code: z.string().describe('XXXX-XXXX'),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: int,
  interval: int,
});

/** A profile switch: a sign-in into another profile of the account. */
export const switched = signedIn.extend({ profile: profileSchemas.profile });

export const signInQuery = z.object({
  backPath: z.string().optional().describe('Путь на сайте, куда вернуться после входа'),
});
export const checkQuery = z.object({
  code: z.string().optional(),
  state: z.string(),
  error: z.string().optional(),
});
export const authorizeUrl = z.object({ authorizeUrl: z.string() });
export const unbound = z.object({ status: z.literal('unbound'), socials });

export const approved = z.object({ status: z.literal('approved'), message: z.string() });
