import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { type Viewer, visibleChannels } from '../../access/index.ts';
import { tvChannels, tvProgrammes } from '../../db/catalogue-schema.ts';
import type { Db } from '../../db/client.ts';

const programmeColumns = {
  id: tvProgrammes.id,
  channelId: tvProgrammes.channelId,
  startsAt: tvProgrammes.startsAt,
  endsAt: tvProgrammes.endsAt,
  name: tvProgrammes.name,
  description: tvProgrammes.description,
  genre: tvProgrammes.genre,
  ageRating: tvProgrammes.ageRating,
};

/** The channels a viewer may see, in their order. */
export function channelsQuery(db: Db, viewer: Viewer) {
  return db
    .select()
    .from(tvChannels)
    .where(visibleChannels(viewer))
    .orderBy(asc(tvChannels.position));
}

/** The programme on air and the next one of each channel: the first two ending after `now`. */
export function onAirQuery(db: Db, now: number) {
  return db
    .select({
      ...programmeColumns,
      rank: sql<number>`row_number() OVER (PARTITION BY tv_programmes.channel_id ORDER BY tv_programmes.starts_at)`.as(
        'rank',
      ),
    })
    .from(tvProgrammes)
    .where(and(gt(tvProgrammes.endsAt, now), lt(tvProgrammes.startsAt, now + 12 * 3600)));
}

type Channel = typeof tvChannels.$inferSelect;
type Programme = {
  [K in keyof typeof programmeColumns]: (typeof programmeColumns)[K]['_']['data'];
};

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
export async function channelsWithNowNext(db: Db, now: number, viewer: Viewer) {
  const [channels, onAir] = await db.batch([channelsQuery(db, viewer), onAirQuery(db, now)]);
  return toNowNext(channels, onAir, now);
}

/**
 * The queries of a channel by id or slug and its programmes overlapping [from, to), whoever asks:
 * the caller decides with `canSee` whether this viewer may see the channel.
 */
export function channelScheduleQueries(db: Db, idOrSlug: string, from: number, to: number) {
  const key = /^\d+$/.test(idOrSlug)
    ? eq(tvChannels.id, Number(idOrSlug))
    : eq(tvChannels.slug, idOrSlug);
  return [
    db.select().from(tvChannels).where(key).limit(1),
    db
      .select(programmeColumns)
      .from(tvProgrammes)
      .where(
        and(
          sql`tv_programmes.channel_id = (SELECT id FROM tv_channels WHERE ${key})`,
          lt(tvProgrammes.startsAt, to),
          gt(tvProgrammes.endsAt, from),
        ),
      )
      .orderBy(asc(tvProgrammes.startsAt)),
  ] as const;
}

/** A channel with its programmes from the rows of `channelScheduleQueries`; undefined when there is none. */
export function toChannelSchedule([channels, programmes]: readonly [Channel[], Programme[]]) {
  return channels[0] && { channel: channels[0], programmes };
}

/** A channel by id or slug with its programmes overlapping [from, to), in one batched round trip. */
export async function channelSchedule(db: Db, idOrSlug: string, from: number, to: number) {
  return toChannelSchedule(await db.batch(channelScheduleQueries(db, idOrSlug, from, to)));
}

/** Every channel's programmes overlapping [from, to), for a day's guide. */
export function programmesQuery(db: Db, from: number, to: number) {
  return db
    .select(programmeColumns)
    .from(tvProgrammes)
    .where(and(lt(tvProgrammes.startsAt, to), gt(tvProgrammes.endsAt, from)))
    .orderBy(asc(tvProgrammes.startsAt));
}

/** Each channel with its programmes, from the channels and programmes queries. */
export function toSchedules(channels: Channel[], programmes: Programme[]) {
  return channels.map((channel) => ({
    channel,
    programmes: programmes.filter((p) => p.channelId === channel.id),
  }));
}
