import { describe, expect, it } from 'vitest';
import { type Page, textsOf, Visitor, words } from './support/visitor.ts';

/**
 * 20:00 Moscow time today (the seed lays the guide around today), as the `x-dev-clock` header
 * asks the guide and its API to answer: the same guide day whatever the hour the test runs at.
 */
const EVENING = {
  'x-dev-clock': String(
    Date.parse(`${new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10)}T20:00:00+03:00`),
  ),
};

type Channel = { slug: string; name: string };
async function channels(visitor: Visitor): Promise<Channel[]> {
  const res = await visitor.fetch('/cms/tv/channels/', { headers: EVENING });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Channel[] }).results;
}

const days = (page: Page) => [...page.document.querySelectorAll('nav[aria-label="Дни"] a')];
/** The page's words are typeset (non-breaking spaces), the API's are as stored. */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the TV guide', () => {
  it('says which clock it keeps and when its day begins', async () => {
    const page = await new Visitor().open('/tv', { headers: EVENING });
    expect(textsOf(page.document, 'p')).toContain('Время московское, день с 05:00 до 05:00');
    // One control for today: «Сегодня», the page itself, and no second «Сейчас» beside it.
    const today = days(page).filter((a) => words(a).includes('Сегодня'));
    expect(today.map((a) => a.getAttribute('href'))).toEqual(['/tv']);
    expect(days(page).filter((a) => words(a).includes('Сейчас')).length).toBe(0);
  });

  it('without JavaScript the days are plain links that work', async () => {
    const visitor = new Visitor();
    const page = await visitor.open('/tv', { headers: EVENING });
    const href = days(page)[4]!.getAttribute('href')!;
    expect(href).toMatch(/^\/tv\?date=\d{4}-\d{2}-\d{2}$/);
    const day = await visitor.open(href, { headers: EVENING });
    expect(day.status).toBe(200);
    expect(days(day)[4]!.getAttribute('aria-current')).toBe('page');
    expect(
      day.document.querySelector('.channel')?.querySelectorAll('.programme').length,
    ).toBeGreaterThan(0);
  });

  it("today each channel's card shows what is on now and the next four, and links to its whole day", async () => {
    const visitor = new Visitor();
    const all = await channels(visitor);
    const page = await visitor.open('/tv', { headers: EVENING });
    const now = Number(EVENING['x-dev-clock']) / 1000;
    const cards = [...page.document.querySelectorAll('.channel')];
    expect(cards.length).toBe(all.length);
    for (const channel of all.slice(0, 3)) {
      const card = cards.find((c) => c.querySelector(`a[href="/tv/${channel.slug}"]`))!;
      const res = await visitor.fetch(`/cms/tv/channels/${channel.slug}/`, { headers: EVENING });
      const day = (await res.json()) as { programmes: { startsAt: number; endsAt: number }[] };
      const upcoming = day.programmes.filter((p) => p.endsAt > now);
      expect(upcoming.length, channel.slug).toBeGreaterThan(5);
      expect(
        [...card.querySelectorAll('.programme')].map((li) => Number(li.getAttribute('data-start'))),
        channel.slug,
      ).toEqual(upcoming.slice(0, 5).map((p) => p.startsAt));
      // The first one is on air, unless the channel is between programmes.
      expect(card.querySelector('.programme')?.getAttribute('aria-current'), channel.slug).toBe(
        upcoming[0]!.startsAt <= now ? 'time' : null,
      );
      const whole = [...card.querySelectorAll('a')].find((a) => words(a) === 'Вся программа');
      expect(whole?.getAttribute('aria-label'), channel.slug).toBe(
        `Вся программа канала ${channel.name}`,
      );
      expect(whole?.getAttribute('href'), channel.slug).toBe(`/tv/${channel.slug}`);
    }
  });

  it("a future day shows every channel's programme, the same as the API's", async () => {
    const visitor = new Visitor();
    const all = await channels(visitor);
    const today = await visitor.open('/tv', { headers: EVENING });
    const href = days(today)[2]!.getAttribute('href')!;
    const date = new URL(href, 'http://x').searchParams.get('date')!;
    const page = await visitor.open(href, { headers: EVENING });
    const cards = [...page.document.querySelectorAll('.channel')];
    expect(cards.length).toBe(all.length);
    const cardOf = (channel: Channel) =>
      cards.filter((c) =>
        [...c.querySelectorAll('a')].some((a) => words(a) === norm(channel.name)),
      );
    for (const channel of all) {
      const card = cardOf(channel);
      expect(card.length, channel.slug).toBe(1);
      expect(card[0]!.querySelectorAll('.programme').length, channel.slug).toBeGreaterThan(3);
    }
    const one = all[0]!;
    const res = await visitor.fetch(`/cms/tv/channels/${one.slug}/?date=${date}`, {
      headers: EVENING,
    });
    const day = (await res.json()) as { programmes: { name: string }[] };
    expect([...cardOf(one)[0]!.querySelectorAll('.programme__name')].map((n) => words(n))).toEqual(
      day.programmes.map((p) => norm(p.name)),
    );
  });
});

describe('the TV guide today', () => {
  const now = Number(EVENING['x-dev-clock']) / 1000;
  type Day = { programmes: { name: string; startsAt: number; endsAt: number }[] };

  it('marks the programme on air with a progress bar of the minutes gone by at the page’s clock', async () => {
    const visitor = new Visitor();
    const all = await channels(visitor);
    const page = await visitor.open('/tv', { headers: EVENING });
    let checked = 0;
    for (const channel of all.slice(0, 5)) {
      const res = await visitor.fetch(`/cms/tv/channels/${channel.slug}/`, { headers: EVENING });
      const onAir = ((await res.json()) as Day).programmes.find(
        (p) => p.startsAt <= now && now < p.endsAt,
      );
      const card = [...page.document.querySelectorAll('.channel')].find((c) =>
        c.querySelector(`a[href="/tv/${channel.slug}"]`),
      )!;
      const bars = [...card.querySelectorAll('progress')];
      if (!onAir) {
        expect(bars.length, channel.slug).toBe(0);
        continue;
      }
      // One bar, inside the programme on air: a native progress bar, named in words.
      expect(bars.length, channel.slug).toBe(1);
      expect(bars[0]!.closest('li')?.getAttribute('aria-current'), channel.slug).toBe('time');
      const gone = Math.floor((now - onAir.startsAt) / 60);
      const total = Math.round((onAir.endsAt - onAir.startsAt) / 60);
      expect(bars[0]!.getAttribute('value'), channel.slug).toBe(String(gone));
      expect(bars[0]!.getAttribute('max'), channel.slug).toBe(String(total));
      expect(bars[0]!.getAttribute('aria-label'), channel.slug).toBe(
        `Прошло ${gone}\u00a0мин из\u00a0${total}`,
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('lays every programme on one time axis around the page’s clock, as wide as it is long', async () => {
    const page = await new Visitor().open('/tv', { headers: EVENING });
    const timeline = page.document.querySelector('[data-timeline]')!;
    const from = Number(timeline.getAttribute('data-from'));
    const to = Number(timeline.getAttribute('data-to'));
    // Now stands on the axis, with what came just before it in view.
    expect(from).toBeLessThanOrEqual(now - 30 * 60);
    expect(to).toBeGreaterThan(now + 60 * 60);
    const share = Number(/--now:\s*([\d.]+)/.exec(timeline.getAttribute('style') ?? '')?.[1]);
    expect(share).toBeCloseTo((now - from) / (to - from), 3);
    const minutes = (to - from) / 60;
    const items = [...page.document.querySelectorAll('.channel li[data-start]')];
    expect(items.length).toBeGreaterThan(30);
    let placed = 0;
    for (const li of items) {
      const start = Number(li.getAttribute('data-start'));
      const end = Number(li.getAttribute('data-end'));
      const col = /--col:\s*(\d+) \/ (\d+)/.exec(li.getAttribute('style') ?? '');
      if (end <= from || start >= to) {
        // Off the axis: no place on it, hidden from sight only (screen readers still read it).
        expect(col, `${start}`).toBeNull();
        expect(li.classList.contains('programme--off')).toBe(true);
        continue;
      }
      placed += 1;
      const [a, b] = [Number(col![1]), Number(col![2])];
      // One column a minute from the axis's start, cut at its edges.
      expect(a - 1).toBe(Math.max(0, Math.floor((start - from) / 60)));
      expect(b - 1).toBe(Math.min(minutes, Math.ceil((end - from) / 60)));
    }
    expect(placed).toBeGreaterThan(30);
  });

  it('keeps its first response within the speed budget’s 1,500 elements', async () => {
    const page = await new Visitor().open('/tv', { headers: EVENING });
    expect(page.document.querySelectorAll('*').length).toBeLessThanOrEqual(1500);
  });
});
