import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { titles, tvChannels, tvProgrammes } from '../db/catalogue-schema.ts';
import type { Db } from '../db/client.ts';
import { DAY, MSK_OFFSET } from '../db/seed/catalogue/clock.ts';
import { rng } from '../db/seed/catalogue/rng.ts';
import { generateProgrammes, type Programme } from '../db/seed/catalogue/tv.ts';

/** How far ahead the guide reaches, and how long past programmes are kept. */
export const GUIDE_AHEAD = 7 * DAY;
export const GUIDE_KEPT = 14 * DAY;

/** D1 binds at most 100 parameters per statement: 8 columns × 12 rows. */
const ROWS_PER_INSERT = 12;

const moscowMidnightAfter = (seconds: number) =>
  Math.ceil((seconds + MSK_OFFSET) / DAY) * DAY - MSK_OFFSET;

/**
 * The daily guide job (Cron Trigger): every channel's programme continues from its last
 * programme up to the Moscow midnight a week ahead, and programmes older than two weeks go. Here
 * the programmes come from the same generator as the seed (deterministic per channel and start);
 * with a real EPG provider its adapter fills the same rows. Safe to run twice: a programme is
 * unique per channel and start (`INSERT OR IGNORE`).
 * @example await extendTvGuide(db(), Math.floor(Date.now() / 1000)) // { added: 4310, removed: 612 }
 */
export async function extendTvGuide(
  db: Db,
  now: number,
): Promise<{ added: number; removed: number }> {
  const until = moscowMidnightAfter(now + GUIDE_AHEAD);
  const [channels, lastEnds, titleRows] = await db.batch([
    db.select({ id: tvChannels.id, slug: tvChannels.slug }).from(tvChannels),
    db
      .select({
        channelId: tvProgrammes.channelId,
        lastEnd: sql<number>`max(${tvProgrammes.endsAt})`,
      })
      .from(tvProgrammes)
      .groupBy(tvProgrammes.channelId),
    db
      .select({
        type: titles.type,
        partner: titles.partner,
        name: titles.name,
        description: titles.description,
        age_rating: titles.ageRating,
        duration_min: sql<number>`coalesce(${titles.durationMin}, 90)`,
      })
      .from(titles)
      .where(inArray(titles.type, ['movie', 'series', 'kids'])),
  ]);
  const fresh: Programme[] = [];
  for (const channel of channels) {
    // A channel without a guide starts today at Moscow midnight.
    const from =
      lastEnds.find((l) => l.channelId === channel.id)?.lastEnd ?? moscowMidnightAfter(now - DAY);
    if (from < until)
      fresh.push(
        ...generateProgrammes(channel, titleRows, from, until, rng(`tv:${channel.slug}:${from}`)),
      );
  }
  const inserts = [];
  for (let i = 0; i < fresh.length; i += ROWS_PER_INSERT) {
    const rows = fresh.slice(i, i + ROWS_PER_INSERT).map((p) => ({
      channelId: p.channel_id,
      startsAt: p.starts_at,
      endsAt: p.ends_at,
      name: p.name,
      description: p.description,
      genre: p.genre,
      ageRating: p.age_rating,
    }));
    inserts.push(db.insert(tvProgrammes).values(rows).onConflictDoNothing());
  }
  const removal = db.delete(tvProgrammes).where(lt(tvProgrammes.endsAt, now - GUIDE_KEPT));
  const results = await db.batch([removal, ...inserts]);
  const [removed, ...added] = results as unknown as D1Result[];
  return {
    added: added.reduce((n, r) => n + (r.meta?.changes ?? 0), 0),
    removed: removed?.meta?.changes ?? 0,
  };
}

/** Programmes of one channel in order, for tests and diagnostics. */
export function channelProgrammes(db: Db, channelId: number) {
  return db
    .select()
    .from(tvProgrammes)
    .where(and(eq(tvProgrammes.channelId, channelId)))
    .orderBy(tvProgrammes.startsAt);
}
