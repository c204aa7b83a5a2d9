import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { statEventSchema } from './event.ts';

/** The stat collector's request schema (`GET /v2/event?payload=`); the event itself is event.ts. */

/** `payload` is the event as URL-encoded JSON: what cannot be read as JSON is a wrong field too. */
export const eventQuery = z.object({
  payload: z
    .string()
    .max(8000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Событие должно быть JSON' });
        return z.NEVER;
      }
    })
    .pipe(statEventSchema),
});
