import { Hono } from 'hono';
import { z } from 'zod';
import { db } from '../../db/client.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { cmsCache, effectiveMaxAge } from '../../lib/cms-cache.ts';
import { ApiError } from '../../lib/errors.ts';
import {
  calendarDay,
  DEFAULT_TIMEZONE,
  dayStart,
  isCalendarDay,
  isTimeZone,
  SECONDS,
} from '../../lib/ru.ts';
import { age, slug } from '../../lib/schemas.ts';
import { validate } from '../../lib/validate.ts';
import { ageLabel } from '../content/content-dto.ts';
import { artUrl } from '../media/art.ts';
import { channelSchedule, channelsWithNowNext } from './tv.repo.ts';

const timezone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'Часовой пояс указан неверно: такого нет' })
  .default(DEFAULT_TIMEZONE);

export const channelsQuery = z.object({ timezone, age });
export const scheduleQuery = channelsQuery.extend({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .refine(isCalendarDay, { message: 'Дата указана неверно: такого дня нет' })
    .optional(),
});

/** Versioned like all art, so logos can be cached forever. */
const logoUrl = (channel: { id: number; name: string }) =>
  artUrl('channel', { id: channel.id, name: channel.name, caption: '' });
type ProgrammeRow = {
  id: number;
  startsAt: number;
  endsAt: number;
  name: string;
  description: string;
  genre: string;
  ageRating: number;
};
const programme = (p: ProgrammeRow | null) =>
  p && {
    id: p.id,
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    name: p.name,
    description: p.description,
    genre: p.genre,
    ageRating: ageLabel(p.ageRating),
  };

/**
 * TV channels (spec section 7, "tv channels by id or slug (timezone default Europe/Moscow)").
 * `GET /cms/tv/channels/` — every channel with what is on now and next;
 * `GET /cms/tv/channels/{id|slug}/?date=YYYY-MM-DD&timezone=…` — one channel's programme of a day.
 */
export const tvRoutes = new Hono<AppEnv>()
  .get('/channels', validate('query', channelsQuery), async (c) => {
    const now = Math.floor(Date.now() / 1000);
    const rows = await channelsWithNowNext(db(), now, effectiveMaxAge(c, c.req.valid('query').age));
    cmsCache(c, 30, 30);
    return c.json({
      timezone: c.req.valid('query').timezone,
      count: rows.length,
      results: rows.map(({ channel, now: current, next }) => ({
        id: channel.id,
        slug: channel.slug,
        name: channel.name,
        description: channel.description,
        ageRating: ageLabel(channel.ageRating),
        logo: logoUrl(channel),
        now: programme(current),
        next: programme(next),
      })),
    });
  })
  .get(
    '/channels/:idOrSlug',
    validate('param', z.object({ idOrSlug: slug })),
    validate('query', scheduleQuery),
    async (c) => {
      const q = c.req.valid('query');
      const day = q.date ?? calendarDay(new Date(), q.timezone);
      const from = dayStart(day, q.timezone);
      const found = await channelSchedule(
        db(),
        c.req.valid('param').idOrSlug,
        from,
        from + SECONDS.day,
        effectiveMaxAge(c, q.age),
      );
      if (!found) throw new ApiError(404, 'Телеканал не найден', 'channel_not_found');
      cmsCache(c, 300);
      const { channel } = found;
      return c.json({
        id: channel.id,
        slug: channel.slug,
        name: channel.name,
        description: channel.description,
        ageRating: ageLabel(channel.ageRating),
        logo: logoUrl(channel),
        timezone: q.timezone,
        date: day,
        from,
        to: from + SECONDS.day,
        programmes: found.programmes.map(programme),
      });
    },
  );
