import { z } from 'zod';

/**
 * The answer schema of a gift (`/billing/gifts/…`): the routes shape and describe their answers
 * with it.
 */

export const giftAnswer = z.object({
  id: z.number().int(),
  tariff: z.string(),
  period: z.string(),
  recipient_email: z.string(),
  created_at: z.string(),
  accepted: z.boolean(),
  accepted_at: z.string().nullable(),
});
