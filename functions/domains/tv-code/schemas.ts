import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { tvTexts } from './texts.ts';

/**
 * Request and answer schemas of sign-in on a TV by code (RFC 8628): the routes validate with them,
 * the OpenAPI document is generated from them and the answer types are inferred from them.
 */

const int = z.number().int();

export const tvTokenBody = z.object({
  device_code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, tvTexts.unknownDevice),
});
export const tvApproveBody = z.object({
  user_code: z.string().trim().min(8, tvTexts.codeFormat).max(20, tvTexts.codeFormat),
});

export const deviceAuthorization = z.object({
  device_code: z.string(),
  user_code: z.string().describe('XXXX-XXXX'),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: int,
  interval: int,
});

export const approved = z.object({ status: z.literal('approved'), message: z.string() });

/** The device's pairing as RFC 8628 3.2 answers it. */
export type DeviceAuthorization = z.infer<typeof deviceAuthorization>;
