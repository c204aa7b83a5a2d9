import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costOfView } from './support/meter.ts';
import { Visitor } from './support/visitor.ts';

/**
 * The guide keeps two weeks of programmes (docs/decisions.md, "The TV guide reads the day it
 * shows"): what a guide page or the channel list reads from D1 is the day it shows, however many
 * days before it are kept. Rows read as the development meter counts them (support/meter.ts).
 */

const rowsReadBy = (visitor: Visitor, path: string, headers: Record<string, string>) =>
  costOfView(visitor, path, 'rowsRead', headers);

const HOUR = 3600;
const guest = new Visitor();
const channels = (
  (await (await guest.fetch('/cms/tv/channels/')).json()) as {
    results: { id: number; slug: string }[];
  }
).results;
const channel = channels[0]!;
// Two hundred half-hour programmes of this channel, ending eight days ago: kept history, not today.
const historyEnds = Math.floor(Date.now() / 1000) - 8 * 24 * HOUR;
const HISTORY = 200;
const history = Array.from({ length: HISTORY }, (_, i) => historyEnds - ((HISTORY - i) * HOUR) / 2);

const cleanUp = () =>
  env.DB.prepare(
    'DELETE FROM tv_programmes WHERE channel_id = ? AND starts_at >= ? AND starts_at < ?',
  )
    .bind(channel.id, history[0], historyEnds)
    .run();

describe('a guide page reads the day it shows, not the days kept before it', () => {
  afterAll(cleanUp);

  // A signed-in viewer's pages are never taken from the edge cache: every view renders and reads.
  let viewer: Visitor;
  beforeAll(async () => {
    await cleanUp();
    viewer = await new Visitor().holdToken({ acc: 1, sub: 1, bil: 1 });
  });

  it.for(['/tv', `/tv/${channel.slug}`, '/cms/tv/channels/'])(
    '%s reads as many rows with four more days kept before today',
    async (path) => {
      const headers = { 'x-dev-clock': String(Date.now()) };
      const without = await rowsReadBy(viewer, path, headers);
      await env.DB.batch(
        history.map((start, i) =>
          env.DB.prepare(
            'INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name) VALUES (?, ?, ?, ?)',
          ).bind(channel.id, start, start + HOUR / 2, `Архив ${i + 1}`),
        ),
      );
      try {
        expect(await rowsReadBy(viewer, path, headers)).toBe(without);
      } finally {
        await cleanUp();
      }
    },
  );
});
