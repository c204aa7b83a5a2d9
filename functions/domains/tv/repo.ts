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

/** The programme on air and the next one of each channel: the first two ending after `now`. */
export function onAirQuery(d: D1Database, now: number): Query<(Programme & { rank: number })[]> {
  return rows(
    d,
    sql`SELECT ${PROGRAMME_COLUMNS},
          row_number() OVER (PARTITION BY tv_programmes.channel_id ORDER BY tv_programmes.starts_at) AS rank
        FROM tv_programmes
        WHERE tv_programmes.ends_at > ${now} AND tv_programmes.starts_at < ${now + 12 * 3600}`,
  );
}

/** Each channel with what is on at `now` and what comes next, from the two queries above. */
export function toNowNext(
  channels: Channel[],
  onAir: (Programme & { rank: number })[],
  now: number,
) {
  return channels.map((channel) => {
    const mine = onAir.filter((p) => p.channelId === channel.id && p.rank <= 2);
    const current = mine.find((p) => p.startsAt <= now) ?? null;
    const next = mine.find((p) => p.startsAt > now) ?? null;
    return { channel, now: current, next };
  });
}

/** Every channel with what is on at `now` and what comes next, in one batched round trip. */
export async function channelsWithNowNext(d: D1Database, now: number, viewer: Viewer) {
  const [channels, onAir] = await batch(d, [channelsQuery(d, viewer), onAirQuery(d, now)]);
  return toNowNext(channels, onAir, now);
}

/**
 * The queries of a channel by id or slug and its programmes overlapping [from, to), whoever asks:
 * the caller decides with `canSee` whether this viewer may see the channel.
 */
export function channelScheduleQueries(d: D1Database, idOrSlug: string, from: number, to: number) {
  const key = /^\d+$/.test(idOrSlug)
    ? sql`tv_channels.id = ${Number(idOrSlug)}`
    : sql`tv_channels.slug = ${idOrSlug}`;
  return [
    rows<Channel>(d, sql`SELECT ${CHANNEL_COLUMNS} FROM tv_channels WHERE ${key} LIMIT 1`),
    rows<Programme>(
      d,
      sql`SELECT ${PROGRAMME_COLUMNS} FROM tv_programmes
          WHERE tv_programmes.channel_id = (SELECT id FROM tv_channels WHERE ${key})
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
 * Every channel's programmes overlapping [from, to), for a day's guide; `limit` 0 keeps the query's
 * slot in a batch without reading anything.
 */
export function programmesQuery(
  d: D1Database,
  from: number,
  to: number,
  limit = -1,
): Query<Programme[]> {
  return rows(
    d,
    sql`SELECT ${PROGRAMME_COLUMNS} FROM tv_programmes
        WHERE tv_programmes.starts_at < ${to} AND tv_programmes.ends_at > ${from}
        ORDER BY tv_programmes.starts_at LIMIT ${limit}`,
  );
}

/** Each channel with its programmes, from the channels and programmes queries. */
export function toSchedules(channels: Channel[], programmes: Programme[]) {
  return channels.map((channel) => ({
    channel,
    programmes: programmes.filter((p) => p.channelId === channel.id),
  }));
}
