import { batch, run } from '../db/run.ts';
import { DAY, MSK_OFFSET } from '../db/seed/catalogue/clock.ts';
import { rng } from '../db/seed/catalogue/rng.ts';
import { generateProgrammes, type Programme } from '../db/seed/catalogue/tv.ts';
import {
  channelProgrammesQuery,
  guideChannelsQuery,
  guideTitlesQuery,
  insertProgrammesStatements,
  lastProgrammeEndsQuery,
  removeProgrammesEndedBefore,
} from './tv-guide.repo.ts';

/** How far ahead the guide reaches, and how long past programmes are kept. */
export const GUIDE_AHEAD = 7 * DAY;
export const GUIDE_KEPT = 14 * DAY;

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
    guideChannelsQuery(d),
    lastProgrammeEndsQuery(d),
    guideTitlesQuery(d),
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
  const removal = removeProgrammesEndedBefore(d, now - GUIDE_KEPT);
  const inserts = insertProgrammesStatements(d, fresh);
  const [removed, ...added] = await d.batch([removal, ...inserts]);
  return {
    added: added.reduce((n, r) => n + (r.meta?.changes ?? 0), 0),
    removed: removed?.meta?.changes ?? 0,
  };
}

/** Programmes of one channel in order, for tests and diagnostics. */
export function channelProgrammes(d: D1Database, channelId: number) {
  return run(channelProgrammesQuery(d, channelId));
}
