import { describe, expect, it } from 'vitest';
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
const send = (payload: string) => call(`/v2/event?payload=${encodeURIComponent(payload)}`);

describe('GET /v2/event (the view event)', () => {
  it('accepts a view event with 204 and nothing to cache', async () => {
    const res = await send(JSON.stringify(event));
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The slash form of the path too, as every API path.
    expect(
      (await call(`/v2/event/?payload=${encodeURIComponent(JSON.stringify(event))}`)).status,
    ).toBe(204);
  });

  it('refuses a payload that is not JSON, lacks a field or names another action (422)', async () => {
    for (const bad of [
      'not json',
      JSON.stringify({ ...event, viewId: undefined }),
      JSON.stringify({ ...event, action: 'click' }),
      JSON.stringify({ ...event, meta: { ...event.meta, contentId: -1 } }),
    ]) {
      const res = await send(bad);
      expect(res.status, bad.slice(0, 40)).toBe(422);
      const body = (await res.json()) as { details: { reason: string } };
      expect(body.details.reason).toBe('invalid_query');
    }
    expect((await call('/v2/event')).status).toBe(422);
  });
});
