import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { guideDay, guideDayStart } from '../domains/tv/index.ts';
import { calendarDay } from '../shared/ru.ts';
import { call, RETURNING } from '../test-helpers.ts';

/**
 * The moment the Worker answers at (its clock is fixed): noon in Moscow, well inside a guide day
 * (05:00 to 05:00), so the night film of the day's start is over, whatever the real hour.
 */
const NOW = Date.parse('2026-11-24T09:00:00Z');
const now = NOW / 1000;
const today = guideDay(new Date(NOW));
const start = guideDayStart(today);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

beforeAll(async () => {
  const statements = [
    'DELETE FROM tv_channels',
    "INSERT INTO tv_channels (id, slug, name, description, position, age_rating) VALUES (1, 'kino-hd', 'Кино HD', 'Фильмы круглосуточно', 1, 16), (2, 'multik', 'Мультик', 'Для детей', 2, 0), (3, 'marafon', 'Марафон', 'Одна передача на весь день', 3, 0)",
    // Kino HD: yesterday late, on air now, next, and tomorrow. Multik: only a past programme.
    // Marafon: one programme from before the guide day to after it.
    `INSERT INTO tv_programmes (channel_id, starts_at, ends_at, name, genre, age_rating) VALUES
      (1, ${start - 3600}, ${start + 1800}, 'Ночной фильм', 'фильм', 18),
      (1, ${now - 600}, ${now + 1200}, 'Сейчас в эфире', 'сериал', 16),
      (1, ${now + 1200}, ${now + 4800}, 'Дальше', 'фильм', 12),
      (1, ${start + 86400 + 60}, ${start + 86400 + 3600}, 'Завтра', 'новости', 0),
      (2, ${now - 7200}, ${now - 3600}, 'Было утром', 'мультфильм', 0),
      (3, ${start - 3600}, ${start + 86400 + 3600}, 'Весь день', 'марафон', 0)`,
  ];
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
});

describe('GET /cms/tv/channels/', () => {
  it('lists channels in order with what is on now and next', async () => {
    const res = await call('/cms/tv/channels/');
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.timezone).toBe('Europe/Moscow');
    expect(
      body.results.map((c: any) => [c.slug, c.now?.name ?? null, c.next?.name ?? null]),
    ).toEqual([
      ['kino-hd', 'Сейчас в эфире', 'Дальше'],
      ['multik', null, null],
      ['marafon', 'Весь день', null],
    ]);
    expect(body.results[0]).toMatchObject({
      ageRating: '16+',
      logo: expect.stringMatching(/^\/media\/art\/channel\/1\.svg\?v=/),
      now: { ageRating: '16+', genre: 'сериал' },
    });
  });

  it('is kept by shared caches half a minute, and stale half a minute more: what is on air follows the clock', async () => {
    const res = await call('/cms/tv/channels/', { headers: RETURNING });
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=30, s-maxage=30, stale-while-revalidate=30',
    );
  });

  it('hides channels above the age limit', async () => {
    const body = (await (await call('/cms/tv/channels/?age=6')).json()) as any;
    expect(body.results.map((c: any) => c.slug)).toEqual(['multik', 'marafon']);
  });
});

describe('GET /cms/tv/channels/{id|slug}/', () => {
  it("answers the programme of today's guide day in Moscow (05:00 to 05:00), by slug or id, including a show running over its start", async () => {
    for (const key of ['kino-hd', '1']) {
      const body = (await (await call(`/cms/tv/channels/${key}/`)).json()) as any;
      expect(body).toMatchObject({
        slug: 'kino-hd',
        date: today,
        timezone: 'Europe/Moscow',
        from: start,
        to: start + 86400,
      });
      expect(body.programmes.map((p: any) => p.name)).toEqual(
        expect.arrayContaining(['Ночной фильм', 'Сейчас в эфире']),
      );
      expect(body.programmes.map((p: any) => p.name)).not.toContain('Завтра');
    }
  });

  it('answers a programme longer than the day on that day, and nothing for a day whose programmes all ended', async () => {
    const body = (await (await call('/cms/tv/channels/marafon/')).json()) as any;
    expect(body.programmes.map((p: any) => p.name)).toEqual(['Весь день']);
    const multik = (await (await call('/cms/tv/channels/multik/')).json()) as any;
    expect(multik.programmes.map((p: any) => p.name)).toEqual(['Было утром']);
    const tomorrow = calendarDay(new Date((start + 86400 + 7200) * 1000));
    const next = (await (await call(`/cms/tv/channels/multik/?date=${tomorrow}`)).json()) as any;
    expect(next.programmes).toEqual([]);
  });

  it('answers another day and another time zone', async () => {
    const tomorrow = calendarDay(new Date((start + 86400 + 7200) * 1000));
    const body = (await (await call(`/cms/tv/channels/kino-hd/?date=${tomorrow}`)).json()) as any;
    expect(body.programmes.map((p: any) => p.name)).toEqual(['Завтра']);
    const utc = (await (
      await call(`/cms/tv/channels/kino-hd/?date=${today}&timezone=UTC`)
    ).json()) as any;
    expect(utc.from).toBe(Date.parse(`${today}T05:00:00Z`) / 1000);
  });

  it('answers 404 for an unknown channel and 422 for a bad date or time zone', async () => {
    const res = await call('/cms/tv/channels/nope/');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Телеканал не найден',
      details: { reason: 'channel_not_found' },
    });
    for (const q of ['date=2026-13-45', 'date=tomorrow', 'timezone=Mars/Olympus']) {
      const bad = await call(`/cms/tv/channels/kino-hd/?${q}`);
      expect(bad.status, q).toBe(422);
      expect(((await bad.json()) as { message: string }).message).toMatch(/[а-яё]/i);
    }
  });
});
