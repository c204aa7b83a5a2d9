import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Page, Visitor } from './support/visitor.ts';

/**
 * Today's /tv shows each channel a window of its guide day (docs/product.md, ТВ; docs/decisions.md,
 * «Today's /tv shows a window around now»): from the programme on air, or the next to start, five
 * in all; late in the day, when fewer follow, the day's last five, the ended ones too. `data-more`
 * marks a card whose day goes on past it; a channel with nothing that day has an empty card. The
 * page is checked at fixed clocks against the channel's whole day from the API.
 */

const HOUR = 3600_000;
/** A Moscow time of day `days` after today there, as the `x-dev-clock` header wants it (ms). */
function moscow(time: string, days = 0): number {
  const day = new Date(Date.now() + 3 * HOUR + days * 24 * HOUR).toISOString().slice(0, 10);
  return Date.parse(`${day}T${time}:00+03:00`);
}
const at = (clock: number) => ({ 'x-dev-clock': String(clock) });

type Programme = { name: string; startsAt: number; endsAt: number };
type Channel = { id: number; slug: string; name: string };

/** What a card shows of a day at `now` (seconds), as the product states it. */
function windowOf(day: readonly Programme[], now: number, size = 5): Programme[] {
  const next = day.findIndex((p) => p.endsAt > now);
  const lastFive = Math.max(0, day.length - size);
  const from = next === -1 ? lastFive : Math.min(next, lastFive);
  return day.slice(from, from + size);
}

const guest = new Visitor();
let channels: Channel[] = [];
beforeAll(async () => {
  const res = await guest.fetch('/cms/tv/channels/');
  channels = ((await res.json()) as { results: Channel[] }).results;
});

/** Each channel's whole guide day at `clock`, from the API (the channel page's source). */
async function daysAt(clock: number) {
  return Promise.all(
    channels.map(async (channel) => {
      const res = await guest.fetch(`/cms/tv/channels/${channel.slug}/`, { headers: at(clock) });
      expect(res.status, channel.slug).toBe(200);
      return { channel, day: ((await res.json()) as { programmes: Programme[] }).programmes };
    }),
  );
}

const cardOf = (page: Page, channel: Channel) =>
  [...page.document.querySelectorAll('.channel')].find((c) =>
    c.querySelector(`.channel__name a[href="/tv/${channel.slug}"]`),
  )!;

/** The JSON-LD list «Сейчас в эфире»: channel and programme names, in order. */
function onAirList(page: Page): string[] {
  const lists = [...page.document.querySelectorAll('script[type="application/ld+json"]')]
    .flatMap((s) => [JSON.parse(s.textContent ?? 'null')].flat())
    .filter((item) => item?.name === 'Сейчас в эфире');
  expect(lists.length).toBe(1);
  return lists[0].itemListElement.map(
    (e: { item: { name: string; publishedOn: { name: string } } }) =>
      `${e.item.publishedOn.name}: ${e.item.name}`,
  );
}

/** Checks every card of today's /tv at `clock` against its channel's day; returns the page. */
async function expectWindows(clock: number) {
  const page = await guest.open('/tv', { headers: at(clock) });
  expect(page.status).toBe(200);
  const now = clock / 1000;
  const days = await daysAt(clock);
  expect(page.document.querySelectorAll('.channel').length).toBe(channels.length);
  for (const { channel, day } of days) {
    const card = cardOf(page, channel);
    const shown = [...card.querySelectorAll('li[data-start]')].map((li) =>
      Number(li.getAttribute('data-start')),
    );
    const expected = windowOf(day, now);
    expect(shown, channel.slug).toEqual(expected.map((p) => p.startsAt));
    expect(card.hasAttribute('data-more'), channel.slug).toBe(
      expected.at(-1) !== undefined && expected.at(-1) !== day.at(-1),
    );
    expect(!!card.querySelector('.channel__more'), channel.slug).toBe(day.length > 0);
    expect(!!card.querySelector('.programmes-empty'), channel.slug).toBe(day.length === 0);
  }
  const onAir = days.flatMap(({ channel, day }) =>
    day.filter((p) => p.startsAt <= now && now < p.endsAt).map((p) => `${channel.name}: ${p.name}`),
  );
  expect(onAirList(page)).toEqual(onAir);
  return { page, days };
}

describe("today's TV guide shows each channel's window of the day", () => {
  it('in the morning: from what is on now, the day going on past it', async () => {
    const { page } = await expectWindows(moscow('08:00'));
    expect(page.document.querySelectorAll('.channel[data-more]').length).toBe(channels.length);
  });

  it('in the evening', async () => {
    await expectWindows(moscow('20:00'));
  });

  it('after midnight, the day before’s guide still', async () => {
    const { days } = await expectWindows(moscow('01:30'));
    // The guide day runs 05:00 to 05:00: at 01:30 it began yesterday morning.
    const first = days[0]!.day[0]!;
    expect(first.startsAt).toBeLessThanOrEqual(moscow('05:00', -1) / 1000);
  });

  it('late in the day, with fewer than five left, the day’s last five, the ended ones too', async () => {
    const { page, days } = await expectWindows(moscow('04:40'));
    const now = moscow('04:40') / 1000;
    // The case is met: a channel with fewer than five to come shows programmes already ended.
    expect(days.some(({ day }) => day.filter((p) => p.endsAt > now).length < 5)).toBe(true);
    expect(page.document.querySelectorAll('.channel li.programme--past').length).toBeGreaterThan(0);
  });
});

describe('a guide day laid out for the test: a gap, a short day and channels with nothing', () => {
  // A day a month ahead, past the seed's week: only these programmes are in it.
  const start = moscow('05:00', 30) / 1000;
  const h = (hours: number) => start + hours * 3600;
  // The first channel: eight programmes (hours from 05:00), one begun the day before, a gap at
  // 09:00–09:30, the last ending at 21:00; the second: three in the afternoon; the rest: none.
  const long: [number, number][] = [
    [-0.5, 2],
    [2, 4],
    [4.5, 6],
    [6, 8],
    [8, 10],
    [10, 12],
    [12, 14],
    [14, 16],
  ];
  const short: [number, number][] = [
    [5, 7],
    [7, 9],
    [9, 11],
  ];
  const cleanUp = () =>
    env.DB.prepare('DELETE FROM tv_programmes WHERE starts_at >= ? AND starts_at < ?')
      .bind(h(-1), h(24))
      .run();

  beforeAll(async () => {
    await cleanUp();
    const insert = (channel: Channel, [from, to]: [number, number], i: number) =>
      env.DB.prepare(
        'INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name) VALUES (?, ?, ?, ?)',
      ).bind(channel.id, h(from), h(to), `Передача ${i + 1}`);
    await env.DB.batch([
      ...long.map((p, i) => insert(channels[0]!, p, i)),
      ...short.map((p, i) => insert(channels[1]!, p, i)),
    ]);
  });
  afterAll(cleanUp);

  it('between two programmes, from the next; a short day whole; nothing, an empty card', async () => {
    await expectWindows(h(4.2) * 1000);
    const page = await guest.open('/tv', { headers: at(h(4.2) * 1000) });
    expect(cardOf(page, channels[0]!).querySelector('li')?.getAttribute('data-start')).toBe(
      String(h(4.5)),
    );
    expect(cardOf(page, channels[1]!).querySelectorAll('li').length).toBe(short.length);
    expect(page.document.querySelectorAll('.programmes-empty').length).toBe(channels.length - 2);
  });

  it('at its start, with the programme begun the day before on air', async () => {
    await expectWindows(h(0.5) * 1000);
  });

  it('late, and after midnight, with everything ended', async () => {
    await expectWindows(h(13) * 1000);
    await expectWindows(h(20) * 1000);
  });
});
