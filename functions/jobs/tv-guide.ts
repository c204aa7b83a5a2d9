import { batch, run } from '../db/run.ts';
import { DAY, MSK_OFFSET } from '../db/seed/catalogue/clock.ts';
import { rng } from '../db/seed/catalogue/rng.ts';
import {
  generateProgrammes,
  type Programme,
  type GuideTitle as TitleForGuide,
} from '../db/seed/catalogue/tv.ts';
import { prepare, rows, sql } from '../db/sql.ts';

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
 * @example await extendTvGuide(d1(), Math.floor(Date.now() / 1000)) // { added: 4310, removed: 612 }
 */
export async function extendTvGuide(
  d: D1Database,
  now: number,
): Promise<{ added: number; removed: number }> {
  const until = moscowMidnightAfter(now + GUIDE_AHEAD);
  const [channels, lastEnds, titleRows] = await batch(d, [
    rows<{ id: number; slug: string }>(d, sql`SELECT id, slug FROM tv_channels`),
    rows<{ channelId: number; lastEnd: number }>(
      d,
      sql`SELECT channel_id AS "channelId", max(ends_at) AS "lastEnd" FROM tv_programmes GROUP BY channel_id`,
    ),
    rows<TitleForGuide>(
      d,
      sql`SELECT type, partner, name, description, age_rating, coalesce(duration_min, 90) AS duration_min
          FROM titles WHERE type IN (${['movie', 'series', 'kids']})`,
    ),
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
    const values = fresh
      .slice(i, i + ROWS_PER_INSERT)
      .map(
        (p) =>
          sql`(${p.channel_id}, ${p.starts_at}, ${p.ends_at}, ${p.name}, ${p.description}, ${p.genre}, ${p.age_rating})`,
      );
    const list = values.reduce((all, v) => sql`${all}, ${v}`);
    inserts.push(
      prepare(
        d,
        sql`INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name, description, genre, age_rating)
            VALUES ${list} ON CONFLICT DO NOTHING`,
      ),
    );
  }
  const removal = prepare(d, sql`DELETE FROM tv_programmes WHERE ends_at < ${now - GUIDE_KEPT}`);
  const [removed, ...added] = await d.batch([removal, ...inserts]);
  return {
    added: added.reduce((n, r) => n + (r.meta?.changes ?? 0), 0),
    removed: removed?.meta?.changes ?? 0,
  };
}

/** Programmes of one channel in order, for tests and diagnostics. */
export function channelProgrammes(d: D1Database, channelId: number) {
  return run(
    rows<{ name: string; startsAt: number; endsAt: number }>(
      d,
      sql`SELECT name, starts_at AS "startsAt", ends_at AS "endsAt" FROM tv_programmes
          WHERE channel_id = ${channelId} ORDER BY starts_at`,
    ),
  );
}
