import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { recordMessages } from '../domains/auth/test-support.ts';
import { callWithVars } from '../test-helpers.ts';
import { CIS_COUNTRIES, geoOf } from './region.ts';

const req = (headers: Record<string, string>, cf?: Record<string, string>) =>
  new Request('https://example.test/', { headers, cf });

describe('geoOf', () => {
  it.each(CIS_COUNTRIES)('puts %s in the CIS group', async (country) => {
    expect(await geoOf(req({ 'cf-ipcountry': country }))).toMatchObject({
      country,
      group: country,
      regionGroup: 'cis',
    });
  });

  it.each(['DE', 'US', 'UA', 'AM', 'XX', 'T1'])('puts %s in "other"', async (country) => {
    expect(await geoOf(req({ 'cf-ipcountry': country }))).toMatchObject({
      group: 'other',
      regionGroup: 'other',
    });
  });

  it('uses request.cf in production and ignores it where it is a mock', async () => {
    const request = req({}, { country: 'KZ', region: 'Almaty', city: 'Almaty' });
    expect(await geoOf(request, { trustCf: true })).toMatchObject({
      country: 'KZ',
      regionName: 'Almaty',
    });
    expect(await geoOf(request, { trustCf: false, fallbackCountry: 'RU' })).toMatchObject({
      country: 'RU',
      regionName: '',
    });
  });

  it('takes the visitor IP from Cloudflare only, never from headers a client writes, and treats junk countries as unknown', async () => {
    expect(
      (await geoOf(req({ 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '10.0.0.1' }))).ip,
    ).toBe('203.0.113.7');
    expect((await geoOf(req({ 'x-forwarded-for': '198.51.100.2, 10.0.0.1' }))).ip).not.toBe(
      '198.51.100.2',
    );
    expect((await geoOf(req({ 'x-real-ip': '198.51.100.3' }))).ip).not.toBe('198.51.100.3');
    expect((await geoOf(req({ 'cf-ipcountry': '<ru>' }))).country).toBe('XX');
    expect((await geoOf(req({ 'cf-ipcountry': 'ru' }))).country).toBe('RU');
  });
});

describe('the IP the throttles count in production', () => {
  it('is not the one X-Forwarded-For names: a client cannot spread its requests over made-up IPs', async () => {
    recordMessages();
    await env.DB.prepare('DELETE FROM rate_limits').run();
    const production = { ENVIRONMENT: 'production', SMS_PROVIDER: 'outbox' };
    const statuses: number[] = [];
    // Twenty messages an hour per IP. No CF-Connecting-IP (a request that reached the Worker
    // around Cloudflare's proxy); each request a new phone and a new forwarded-for address.
    for (let i = 0; i < 21; i++) {
      const res = await callWithVars(production, '/auth/phone/check/', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `198.51.100.${i + 1}`,
        },
        body: JSON.stringify({ phone: `+7999000${String(i).padStart(4, '0')}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
