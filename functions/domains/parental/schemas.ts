import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { PARENTAL_AGE_LIMITS, PARENTAL_STATUSES } from '../../db/parental-schema.ts';
import { parentalTexts } from './texts.ts';

/**
 * Request and answer schemas of parental control: the routes validate with them, the OpenAPI
 * document is generated from them and the answers' types are inferred from them.
 */

export const pin = z.string().regex(/^\d{4}$/, parentalTexts.pinFormat);
const code = z
  .string()
  .trim()
  .regex(/^\d{6}$/, parentalTexts.codeFormat);
export const ageLimit = z.union(
  PARENTAL_AGE_LIMITS.map((a) => z.literal(a)),
  { error: parentalTexts.ageLimitInvalid },
);
const channel = z.enum(['email', 'sms']).optional();

export const accountParam = z.object({ id: z.string() });
export const setPinBody = z.object({ pin, ageLimit: ageLimit.optional() });
export const checkPinBody = z.object({ pin });
export const changePinBody = z.object({ pin, newPin: pin });
export const sendCodeBody = z.object({ channel });
export const resetChangeBody = z.object({ code, newPin: pin });
export const verificationCheckBody = z.object({ code });
/** Disabling needs the PIN, unless this session checked a verification code in the last 10 minutes. */
export const disableBody = z.object({ pin: pin.optional() });
export const showSettingsBody = z.object({ ageLimit, pin: pin.optional() });

const int = z.number().int();

/** What the API answers about the control: its state, the age setting, this session's PIN entry. */
export const controlView = z.object({
  status: z.enum(PARENTAL_STATUSES),
  ageLimit: z.union(PARENTAL_AGE_LIMITS.map((a) => z.literal(a))),
  pinEntered: z.boolean(),
});

/** The age setting alone (`/show-settings`). */
export const ageSetting = controlView.pick({ status: true, ageLimit: true });

export const codeSent = z.object({
  status: z.literal('code_sent'),
  channel: z.enum(['email', 'sms']),
  to: z.string().describe('Адрес или номер, скрытый наполовину'),
});

export const pinEntered = z.object({
  status: z.literal('entered'),
  pinEntered: z.literal(true),
  expiresAt: int,
});
export const pinForgotten = z.object({
  status: z.literal('not_entered'),
  pinEntered: z.literal(false),
});
export const verified = z.object({ status: z.literal('verified'), expiresAt: int });

export type ControlView = z.infer<typeof controlView>;
export type AgeSetting = z.infer<typeof ageSetting>;
