import { env } from 'cloudflare:workers';
import { sign } from 'hono/jwt';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../domains/auth/test-support.ts';
import { call } from '../test-helpers.ts';

const messages = recordMessages();

/** An event as the page beacon or the player sends it; `over` replaces any field. */
function event(over: Record<string, unknown>) {
  return {
    viewId: crypto.randomUUID(),
    accountId: '',
    profileId: '',
    billingId: '',
    isKid: false,
    device: {
      deviceId: 'dev-a',
      type: 'desktop',
      vendor: '',
      model: '',
      os: 'Linux',
      osVersion: '',
      browserType: 'Chrome',
      browserVersion: '140',
    },
    platform: 'desktopWeb',
    url: { host: 'localhost:8787', path: '/', query: '' },
    utm: { source: '', medium: '', campaign: '', content: '' },
    referer: '',
    action: 'page_view',
    meta: { pageType: 'home' },
    ...over,
  };
}
const send = async (e: object) => {
  const res = await call(`/v2/event?payload=${encodeURIComponent(JSON.stringify(e))}`);
  expect(res.status).toBe(204);
};
const utm = (source: string) => ({ source, medium: 'cpc', campaign: '', content: '' });
const play = (contentId: number, over: Record<string, unknown> = {}) =>
  event({
    action: 'view',
    url: { host: 'localhost:8787', path: `/watch/${contentId}`, query: 'play=1' },
    meta: { contentId, episodeId: 0, contentType: 'movie', live: false, position: 0 },
    ...over,
  });

interface Report {
  range: { from: string; to: string };
  days: { day: string; pageViews: number; views: number }[];
  titles: { id: number; name: string; views: number; pageViews: number }[];
  pageTypes: { pageType: string; pageViews: number }[];
  sources: { source: string; pageViews: number; views: number; visitors: number }[];
  totals: { pageViews: number; views: number };
}

async function staffBrowser(email: string, staff: boolean) {
  const browser = new Browser();
  const me = await signUp(browser, messages, email);
  if (staff)
    await env.DB.prepare('INSERT INTO staff (account_id, granted_at) VALUES (?, 0)')
      .bind(me.accountId)
      .run();
  return browser;
}

beforeEach(async () => {
  await resetAccounts();
  await env.DB.batch([
    env.DB.prepare('DELETE FROM stat_events'),
    env.DB.prepare('DELETE FROM staff'),
  ]);
});

describe('GET /api/staff/stats (the staff report)', () => {
  it('counts events per day, top titles, page types and utm sources from what was stored', async () => {
    const titles = await env.DB.prepare('SELECT id, name FROM titles ORDER BY id LIMIT 2').all<{
      id: number;
      name: string;
    }>();
    const [a, b] = [titles.results[0]?.id ?? 901, titles.results[1]?.id ?? 902];
    await send(event({ utm: utm('ya') }));
    await send(event({ utm: utm('ya'), device: { ...event({}).device, deviceId: 'dev-b' } }));
    await send(event({ meta: { pageType: 'advantages' }, utm: utm('vk') }));
    await send(
      event({ meta: { pageType: 'movie' }, url: { host: 'h', path: `/watch/${b}`, query: '' } }),
    );
    await send(play(a, { utm: utm('ya') }));
    await send(play(a));
    await send(play(b));
    const doubled = play(b);
    await send(doubled);
    await send(doubled);

    const browser = await staffBrowser('boss@mail.ru', true);
    const res = await browser.fetch('/api/staff/stats');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const report = (await res.json()) as Report;
    expect(report.days).toHaveLength(30);
    expect(report.totals).toEqual({ pageViews: 4, views: 4 });
    expect(report.days.at(-1)).toMatchObject({ pageViews: 4, views: 4 });
    // Plays first, then page opens: b's title page was opened too.
    expect(report.titles.map((t) => [t.id, t.views, t.pageViews])).toEqual([
      [b, 2, 1],
      [a, 2, 0],
    ]);
    expect(report.pageTypes).toEqual([
      { pageType: 'home', pageViews: 2 },
      { pageType: 'advantages', pageViews: 1 },
      { pageType: 'movie', pageViews: 1 },
    ]);
    expect(report.sources).toEqual([
      { source: 'ya', pageViews: 2, views: 1, visitors: 2 },
      { source: '', pageViews: 1, views: 3, visitors: 1 },
      { source: 'vk', pageViews: 1, views: 0, visitors: 1 },
    ]);

    // A range without today has none of it; a reversed range is turned round.
    const past = (await (
      await browser.fetch('/api/staff/stats?from=2026-01-10&to=2026-01-01')
    ).json()) as Report;
    expect(past.range).toEqual({ from: '2026-01-01', to: '2026-01-10' });
    expect(past.days).toHaveLength(10);
    expect(past.totals).toEqual({ pageViews: 0, views: 0 });
  });

  it('answers 404 to a guest and to a signed-in viewer who is not staff', async () => {
    for (const res of [
      await call('/api/staff/stats'),
      await (await staffBrowser('viewer@mail.ru', false)).fetch('/api/staff/stats'),
    ]) {
      expect(res.status).toBe(404);
      expect(((await res.json()) as { details: { reason: string } }).details.reason).toBe(
        'staff_only',
      );
    }
  });

  it('answers 404 to a staff account on a kid profile', async () => {
    const me = await signUp(new Browser(), messages, 'boss3@mail.ru');
    await env.DB.prepare('INSERT INTO staff (account_id, granted_at) VALUES (?, 0)')
      .bind(me.accountId)
      .run();
    const claims = { hash: 't', acc: me.accountId, sub: me.userId, bil: me.billingId };
    const exp = Math.floor(Date.now() / 1000) + 600;
    const as = async (kid: boolean) =>
      call('/api/staff/stats', {
        headers: {
          authorization: `Bearer ${await sign({ ...claims, kid, exp }, 'dev-only-jwt-secret-change-me')}`,
        },
      });
    expect((await as(false)).status).toBe(200);
    expect((await as(true)).status).toBe(404);
  });

  it('refuses a range that is not dates with 422', async () => {
    const browser = await staffBrowser('boss2@mail.ru', true);
    const res = await browser.fetch('/api/staff/stats?from=yesterday');
    expect(res.status).toBe(422);
    expect(((await res.json()) as { details: { reason: string } }).details.reason).toBe(
      'invalid_query',
    );
  });
});
