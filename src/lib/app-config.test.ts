import { afterEach, describe, expect, it } from 'vitest';
import { type AppConfig, appConfig, DEFAULT_APP_CONFIG, parseAppConfig } from './app-config.ts';

const rendered: AppConfig = {
  geo: { country: 'KZ', ip: '203.0.113.7', region: 'Almaty' },
  device: {
    type: 'tablet',
    deviceClass: 'tabletWeb',
    vendor: 'Apple',
    model: 'iPad',
    os: 'iOS',
    osVersion: '17.0',
    browserType: 'Mobile Safari',
    browserVersion: '17.0',
  },
  deviceId: 'device-1',
  apiUrl: 'https://api.example.ru',
  contentUrl: 'https://cms.example.ru',
  billingUrl: 'https://api.example.ru',
  staticMode: true,
  parental: { status: 'Enabled', ageLimit: 16, pinEntered: false },
  errorDsn: 'https://key@o1.ingest.sentry.io/2',
};

describe('app config', () => {
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).document;
  });

  it('parses the data block that AppConfig.astro renders', () => {
    // The server escapes "<" as \u003c so the JSON cannot close its script tag.
    const text = JSON.stringify({ ...rendered, geo: { ...rendered.geo, region: '<b>' } }).replace(
      /</g,
      '\\u003c',
    );
    expect(parseAppConfig(text)).toEqual({ ...rendered, geo: { ...rendered.geo, region: '<b>' } });
  });

  it('takes the default for each field that is missing or of the wrong type', () => {
    const config = parseAppConfig(
      '{"deviceId":"device-1","staticMode":"yes","device":{"deviceClass":"mobileWeb","model":7}}',
    );
    expect(config.deviceId).toBe('device-1');
    expect(config.staticMode).toBe(false);
    expect(config.device).toEqual({ ...DEFAULT_APP_CONFIG.device, deviceClass: 'mobileWeb' });
    expect(config.geo).toEqual(DEFAULT_APP_CONFIG.geo);
  });

  it('answers the defaults when the block is absent or not JSON', () => {
    expect(parseAppConfig(null)).toEqual(DEFAULT_APP_CONFIG);
    expect(parseAppConfig('{oops')).toEqual(DEFAULT_APP_CONFIG);
    expect(parseAppConfig('[1,2]')).toEqual(DEFAULT_APP_CONFIG);
  });

  it('reads #app-config from the page once and keeps it', () => {
    let reads = 0;
    (globalThis as Record<string, unknown>).document = {
      getElementById(id: string) {
        reads++;
        return id === 'app-config' ? { textContent: JSON.stringify(rendered) } : null;
      },
    };
    expect(appConfig()).toEqual(rendered);
    expect(appConfig()).toEqual(rendered);
    expect(reads).toBe(1);
  });
});
