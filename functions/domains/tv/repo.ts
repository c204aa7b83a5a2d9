import { type Viewer, visibleChannels } from '../../access/index.ts';
import { batch, type Query } from '../../db/run.ts';
import { raw, rows, sql, where } from '../../db/sql.ts';
import type { AgeRating } from '../../shared/catalogue.ts';

/** A row of tv_channels. */
export interface Channel {
  id: number;
  slug: string;
  name: string;
  description: string;
  position: number;
  ageRating: AgeRating;
}

/** A row of tv_programmes. */
export interface Programme {
  id: number;
  channelId: number;
  startsAt: number;
  endsAt: number;
  name: string;
  description: string;
  genre: string;
  ageRating: AgeRating;
}

const CHANNEL_COLUMNS = raw(
  'tv_channels.id, tv_channels.slug, tv_channels.name, tv_channels.description, tv_channels.position, tv_channels.age_rating AS "ageRating"',
);
const PROGRAMME_COLUMNS = raw(
  'tv_programmes.id, tv_programmes.channel_id AS "channelId", tv_programmes.starts_at AS "startsAt", tv_programmes.ends_at AS "endsAt", tv_programmes.name, tv_programmes.description, tv_programmes.genre, tv_programmes.age_rating AS "ageRating"',
);

/** The channels a viewer may see, in their order. */
export function channelsQuery(d: D1Database, viewer: Viewer): Query<Channel[]> {
  return rows(
    d,
    sql`SELECT ${CHANNEL_COLUMNS} FROM tv_channels ${where(visibleChannels(viewer))} ORDER BY tv_channels.position`,
  );
}

/** Each channel with what is on at `now` and what comes next, from its programmes in order. */
function toNowNext(channels: Channel[], programmes: Programme[], now: number) {
  return channels.map((channel) => {
    const mine = programmes.filter((p) => p.channelId === channel.id);
    const current = mine.find((p) => p.startsAt <= now) ?? null;
    const next = mine.find((p) => p.startsAt > now) ?? null;
    return { channel, now: current, next };
  });
}

/** Every channel with what is on at `now` and what comes next, in one batched round trip. */
export async function channelsWithNowNext(d: D1Database, now: number, viewer: Viewer) {
  const [channels, coming] = await batch(d, [
    channelsQuery(d, viewer),
    programmesQuery(d, now, now + 12 * 3600),
  ]);
  return toNowNext(channels, coming, now);
}

/**
 * The queries of a channel by id or slug and its programmes overlapping [from, to), whoever asks:
 * the caller decides with `canSee` whether this viewer may see the channel. Its programmes follow one
 * another, so none starts before the last one started before `from`: the index reads only the day.
 */
export function channelScheduleQueries(d: D1Database, idOrSlug: string, from: number, to: number) {
  const key = /^\d+$/.test(idOrSlug)
    ? sql`tv_channels.id = ${Number(idOrSlug)}`
    : sql`tv_channels.slug = ${idOrSlug}`;
  return [
    rows<Channel>(d, sql`SELECT ${CHANNEL_COLUMNS} FROM tv_channels WHERE ${key} LIMIT 1`),
    rows<Programme>(
      d,
      sql`WITH channel AS (SELECT id FROM tv_channels WHERE ${key})
        SELECT ${PROGRAMME_COLUMNS} FROM tv_programmes
          WHERE tv_programmes.channel_id = (SELECT id FROM channel)
            AND tv_programmes.starts_at >= coalesce(
              (SELECT max(earlier.starts_at) FROM tv_programmes AS earlier
                WHERE earlier.channel_id = (SELECT id FROM channel) AND earlier.starts_at < ${from}),
              ${from})
            AND tv_programmes.starts_at < ${to} AND tv_programmes.ends_at > ${from}
          ORDER BY tv_programmes.starts_at`,
    ),
  ] as const;
}

/** A channel with its programmes from the rows of `channelScheduleQueries`; undefined when there is none. */
export function toChannelSchedule([channels, programmes]: readonly [Channel[], Programme[]]) {
  return channels[0] && { channel: channels[0], programmes };
}

/** A channel by id or slug with its programmes overlapping [from, to), in one batched round trip. */
export async function channelSchedule(d: D1Database, idOrSlug: string, from: number, to: number) {
  return toChannelSchedule(await batch(d, channelScheduleQueries(d, idOrSlug, from, to)));
}

/**
 * Every channel's programmes overlapping [from, to), for a day's guide. A channel's programmes follow
 * one another, so they are those starting within [from, to) (a range of the index on start) and, per
 * channel, the last one started before `from` if it is still on then: D1 reads the day's rows, not
 * the whole kept guide (docs/decisions.md, "The TV guide reads the day it shows").
 */
export function programmesQuery(d: D1Database, from: number, to: number): Query<Programme[]> {
  return rows(
    d,
    sql`SELECT ${PROGRAMME_COLUMNS} FROM tv_programmes
          WHERE tv_programmes.starts_at >= ${from} AND tv_programmes.starts_at < ${to}
        UNION ALL
        SELECT ${PROGRAMME_COLUMNS} FROM tv_channels
          JOIN tv_programmes ON tv_programmes.id = (
            SELECT earlier.id FROM tv_programmes AS earlier
              WHERE earlier.channel_id = tv_channels.id AND earlier.starts_at < ${from}
              ORDER BY earlier.starts_at DESC LIMIT 1)
          WHERE tv_programmes.ends_at > ${from}
        ORDER BY "startsAt"`,
  );
}

/** Each channel with its programmes, from the channels and programmes queries. */
export function toSchedules(channels: Channel[], programmes: Programme[]) {
  return channels.map((channel) => ({
    channel,
    programmes: programmes.filter((p) => p.channelId === channel.id),
  }));
}
