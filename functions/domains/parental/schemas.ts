import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { PARENTAL_AGE_LIMITS } from '../../db/parental-schema.ts';
import { parentalTexts } from './texts.ts';

/** Request schemas of parental control; the OpenAPI document is generated from them. */

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
