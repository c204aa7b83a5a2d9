import { Hono } from 'hono';
import { ageLabel } from '../domains/catalogue/index.ts';
import { artUrl } from '../domains/media/index.ts';
import {
  channelGuide,
  channelList,
  guideDay,
  guideDayStart,
  type Programme,
  type ProgrammeDto,
  tvSchemas as s,
} from '../domains/tv/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { SECONDS } from '../shared/ru.ts';
import { apiDoc, REFUSED } from './api-doc.ts';

/** Versioned like all art, so logos can be cached forever. */
const logoUrl = (channel: { id: number; name: string }) =>
  artUrl('channel', { id: channel.id, name: channel.name, caption: '' });
const programme = (p: Programme | null): ProgrammeDto | null =>
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
 * TV channels (docs/product.md, «How the site talks to the API», "tv channels by id or slug (timezone default Europe/Moscow)").
 * `GET /cms/tv/channels/` — every channel with what is on now and next;
 * `GET /cms/tv/channels/{id|slug}/?date=YYYY-MM-DD&timezone=…` — one channel's programme of a guide
 * day (05:00 to 05:00 in the zone; `from` and `to` in the answer say so).
 */
export const tvRoutes = new Hono<AppEnv>()
  .get(
    '/channels',
    apiDoc({
      tag: 'tv',
      summary: 'Телеканалы: что идёт сейчас и дальше',
      answers: { 200: s.channels },
    }),
  )
  .get('/channels', validate('query', s.channelListQuery), async (c) => {
    const now = Math.floor(c.var.edge.now / 1000);
    const rows = await channelList(requestViewer(c, c.req.valid('query').age), now);
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
    apiDoc({
      tag: 'tv',
      summary: 'Программа канала на день',
      answers: { 200: s.channelDay },
      errors: { 403: REFUSED, 404: 'Телеканал не найден (channel_not_found)' },
    }),
  )
  .get(
    '/channels/:idOrSlug',
    validate('param', s.channelParam),
    validate('query', s.scheduleQuery),
    async (c) => {
      const q = c.req.valid('query');
      // The guide's day, 05:00 to 05:00 in the zone, as the pages show it.
      const day = q.date ?? guideDay(new Date(c.var.edge.now), q.timezone);
      const from = guideDayStart(day, q.timezone);
      const found = await channelGuide(
        requestViewer(c, q.age),
        c.req.valid('param').idOrSlug,
        from,
        from + SECONDS.day,
      );
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
