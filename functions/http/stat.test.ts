import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

/** A view event as the player builds it. */
const event = {
  viewId: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
  accountId: '12',
  profileId: '31',
  billingId: '12',
  isKid: false,
  device: {
    deviceId: 'dev-1',
    type: 'desktop',
    vendor: '',
    model: '',
    os: 'Linux',
    osVersion: '',
    browserType: 'Chrome',
    browserVersion: '140',
  },
  platform: 'desktopWeb',
  url: { host: 'localhost:8787', path: '/watch/1', query: 'play=1' },
  utm: { source: 'ya', medium: 'cpc', campaign: '', content: '' },
  referer: '',
  action: 'view',
  meta: { contentId: 1, episodeId: 3, contentType: 'series', live: false, position: 0 },
};
/** A page view as every page's beacon builds it. */
const pageView = {
  ...event,
  viewId: '7c1e2f3a-0000-4000-8000-000000000001',
  accountId: '',
  profileId: '',
  billingId: '',
  url: { host: 'localhost:8787', path: '/reset-password', query: 'token=secret-reset&step=2' },
  referer: 'https://ya.ru/search?text=my+mail%40example.com',
  action: 'page_view',
  meta: { pageType: 'other' },
};
const send = (payload: string, headers: Record<string, string> = {}) =>
  call(`/v2/event?payload=${encodeURIComponent(payload)}`, { headers });
const stored = async () =>
  (await env.DB.prepare('SELECT * FROM stat_events ORDER BY id').all<Record<string, unknown>>())
    .results;

beforeEach(async () => {
  await env.DB.prepare('DELETE FROM stat_events').run();
});

describe('GET /v2/event (the stat collector)', () => {
  it('stores a view event with its title and page type, answering 204 and nothing to cache', async () => {
    const res = await send(JSON.stringify(event));
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const [row] = await stored();
    expect(row).toMatchObject({
      action: 'view',
      view_id: event.viewId,
      page_type: 'movie',
      account_id: '12',
      profile_id: '31',
      billing_id: '12',
      is_kid: 0,
      content_id: 1,
      episode_id: 3,
      utm_source: 'ya',
      url_path: '/watch/1',
      url_query: 'play=1',
    });
    // The slash form of the path too, as every API path.
    const again = { ...event, viewId: '2b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' };
    expect(
      (await call(`/v2/event/?payload=${encodeURIComponent(JSON.stringify(again))}`)).status,
    ).toBe(204);
    expect(await stored()).toHaveLength(2);
  });

  it('stores a page view with its page type, the user agent cut to 500 and no secrets of the URL', async () => {
    const userAgent = `Mozilla/5.0 ${'x'.repeat(700)}`;
    const res = await send(JSON.stringify(pageView), { 'user-agent': userAgent });
    expect(res.status).toBe(204);
    const [row] = await stored();
    expect(row).toMatchObject({ action: 'page_view', page_type: 'other', content_id: null });
    expect(row!.user_agent).toBe(userAgent.slice(0, 500));
    // The reset token's value and the referer's query (an address here) are not kept.
    expect(row!.url_query).toBe('token=&step=2');
    expect(row!.referer).toBe('https://ya.ru/search');
    expect(JSON.stringify(row)).not.toMatch(/secret-reset|example\.com/);
  });

  it('keeps utm values, which campaigns fill, and their ad ids, without an e-mail address put in them', async () => {
    const mailed = {
      ...pageView,
      url: {
        host: 'localhost:8787',
        path: '/',
        query: 'utm_source=mail&utm_content=ivan.petrov%40example.ru',
      },
      utm: {
        source: 'mail',
        medium: 'email',
        campaign: '1795525249143',
        content: 'ivan.petrov@example.ru',
      },
    };
    expect((await send(JSON.stringify(mailed))).status).toBe(204);
    const [row] = await stored();
    expect(row).toMatchObject({ utm_source: 'mail', utm_campaign: '1795525249143' });
    expect(JSON.stringify(row)).not.toMatch(/ivan\.petrov/);
  });

  it('counts a title page view for its title', async () => {
    const titlePage = {
      ...pageView,
      url: { host: 'localhost:8787', path: '/watch/5', query: '' },
      meta: { pageType: 'movie' },
    };
    expect((await send(JSON.stringify(titlePage))).status).toBe(204);
    expect((await stored())[0]).toMatchObject({ page_type: 'movie', content_id: 5 });
  });

  it('stores an event sent twice once', async () => {
    for (let i = 0; i < 3; i++) expect((await send(JSON.stringify(pageView))).status).toBe(204);
    expect((await send(JSON.stringify(event))).status).toBe(204);
    expect((await send(JSON.stringify(event))).status).toBe(204);
    expect((await stored()).map((r) => r.action)).toEqual(['page_view', 'view']);
  });

  it('refuses a wrong event with 422 and the envelope, and stores nothing', async () => {
    for (const bad of [
      'not json',
      JSON.stringify({ ...event, viewId: undefined }),
      JSON.stringify({ ...event, action: 'click' }),
      JSON.stringify({ ...event, meta: { ...event.meta, contentId: -1 } }),
      JSON.stringify({ ...pageView, meta: { pageType: 'checkout' } }),
      JSON.stringify({ ...pageView, isKid: 'no' }),
      JSON.stringify({ ...pageView, url: { ...pageView.url, path: 'x'.repeat(2001) } }),
    ]) {
      const res = await send(bad);
      expect(res.status, bad.slice(0, 40)).toBe(422);
      const body = (await res.json()) as { message: string; details: { reason: string } };
      expect(body.details.reason).toBe('invalid_query');
      expect(body.message).toMatch(/[А-Яа-я]/);
    }
    expect((await call('/v2/event')).status).toBe(422);
    expect(await stored()).toHaveLength(0);
  });
});
