import { describe, expect, it } from 'vitest';
import { CIS_COUNTRIES, geoOf } from './region.ts';

const req = (headers: Record<string, string>, cf?: Record<string, string>) =>
  new Request('https://example.test/', { headers, cf });

describe('geoOf', () => {
  it.each(CIS_COUNTRIES)('puts %s in the CIS group', (country) => {
    expect(geoOf(req({ 'cf-ipcountry': country }))).toMatchObject({
      country,
      group: country,
      regionGroup: 'cis',
    });
  });

  it.each(['DE', 'US', 'UA', 'AM', 'XX', 'T1'])('puts %s in "other"', (country) => {
    expect(geoOf(req({ 'cf-ipcountry': country }))).toMatchObject({
      group: 'other',
      regionGroup: 'other',
    });
  });

  it('uses request.cf in production and ignores it where it is a mock', () => {
    const request = req({}, { country: 'KZ', region: 'Almaty', city: 'Almaty' });
    expect(geoOf(request, { trustCf: true })).toMatchObject({
      country: 'KZ',
      regionName: 'Almaty',
    });
    expect(geoOf(request, { trustCf: false, fallbackCountry: 'RU' })).toMatchObject({
      country: 'RU',
      regionName: '',
    });
  });

  it('takes the visitor IP from Cloudflare, then proxies, and treats junk countries as unknown', () => {
    expect(
      geoOf(req({ 'cf-connecting-ip': '203.0.113.7', 'x-forwarded-for': '10.0.0.1' })).ip,
    ).toBe('203.0.113.7');
    expect(geoOf(req({ 'x-forwarded-for': '198.51.100.2, 10.0.0.1' })).ip).toBe('198.51.100.2');
    expect(geoOf(req({ 'cf-ipcountry': '<ru>' })).country).toBe('XX');
    expect(geoOf(req({ 'cf-ipcountry': 'ru' })).country).toBe('RU');
  });
});
