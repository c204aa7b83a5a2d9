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

/** A day of the staff report's range, as its query and answer write it. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Дата в виде ГГГГ-ММ-ДД');
/** `GET /api/staff/stats?from=&to=`: the report's range, both ends optional. */
export const rangeQuery = z.object({ from: day.optional(), to: day.optional() });

const count = z.number().int().nonnegative();
/** The staff report's figures, as the API answers them (and the /staff/stats page shows them). */
export const statsAnswer = z.object({
  range: z.object({ from: day, to: day }),
  days: z.array(z.object({ day, pageViews: count, views: count })),
  titles: z.array(z.object({ id: count, name: z.string(), views: count, pageViews: count })),
  pageTypes: z.array(z.object({ pageType: z.string(), pageViews: count })),
  sources: z.array(
    z.object({ source: z.string(), pageViews: count, views: count, visitors: count }),
  ),
  totals: z.object({ pageViews: count, views: count }),
});
