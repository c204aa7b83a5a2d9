import { z } from 'zod';

/**
 * The Aeroflot card's API shapes (`/billing/aeroflot-card/`). The body's number and surname are
 * any short strings: their format is checked by the service, which names the field in its Russian
 * refusal.
 */
export const attachBody = z.object({
  number: z.string().max(32),
  /** The member's surname in Latin letters as on the card: the partner checks it is the member's. */
  surname: z.string().max(64),
});

export const cardAnswer = z.object({
  /** The attached membership number, digits only; null when none is attached. */
  number: z.string().nullable(),
  attached_at: z.number().int().nullable(),
});

export type AeroflotCard = z.infer<typeof cardAnswer>;
