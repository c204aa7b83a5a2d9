import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { age, slug } from '../../lib/schemas.ts';
import { DEFAULT_TIMEZONE, isCalendarDay, isTimeZone } from '../../shared/ru.ts';

/**
 * The TV guide's request and answer schemas: the routes validate with them, the OpenAPI document
 * describes with them and the channel page parses its URL with them.
 */

const timezone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'Часовой пояс указан неверно: такого нет' })
  .default(DEFAULT_TIMEZONE);

/** A guide day, YYYY-MM-DD: a day of the calendar. */
export const guideDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(isCalendarDay, { message: 'Дата указана неверно: такого дня нет' });

/** Query of `GET /cms/tv/channels/`. */
export const channelListQuery = z.object({ timezone, age });

/** Query of one channel's day: `?date=` (today unless given) in `?timezone=`. */
export const scheduleQuery = channelListQuery.extend({ date: guideDate.optional() });

/** `{idOrSlug}` of a channel: the channel page parses its path with it too. */
export const channelParam = z.object({ idOrSlug: slug });

const int = z.number().int();

export const programme = z.object({
  id: int,
  startsAt: int,
  endsAt: int,
  name: z.string(),
  description: z.string(),
  genre: z.string(),
  ageRating: z.string(),
});

export const channel = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  ageRating: z.string(),
  logo: z.string(),
});

export const channels = z.object({
  timezone: z.string(),
  count: int,
  results: z.array(channel.extend({ now: programme.nullable(), next: programme.nullable() })),
});

export const channelDay = channel.extend({
  timezone: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  from: int,
  to: int,
  programmes: z.array(programme),
});

/** A programme as the API answers it (its age as a label, «16+»). */
export type ProgrammeDto = z.infer<typeof programme>;
