import { z } from 'zod';

/**
 * The Aeroflot card's API shapes (`/billing/aeroflot-card/`). The body's number is any short
 * string: its format is checked by the service, which names the field in its Russian refusal.
 */
export const attachBody = z.object({ number: z.string().max(32) });

export const cardAnswer = z.object({
  /** The attached membership number, digits only; null when none is attached. */
  number: z.string().nullable(),
  attached_at: z.number().int().nullable(),
});

export type AeroflotCard = z.infer<typeof cardAnswer>;
