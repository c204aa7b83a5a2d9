import { describe, expect, it } from 'vitest';
import { USER_AGENT_MAX_LENGTH } from '../shared/device.ts';
import { deviceLabel, deviceOf } from './device.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  android:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  tizen:
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) 76.0.3809.146/6.0 TV Safari/537.36',
  playstation:
    'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.0 Safari/605.1.15',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 YaBrowser/24.10.0.0',
  curl: 'curl/8.5.0',
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  webos:
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/87.0.4280.88 Safari/537.36 WebAppManager',
};

describe('deviceOf', () => {
  it.each([
    ['iphone', 'mobile', 'mobileWeb'],
    ['android', 'mobile', 'mobileWeb'],
    ['ipad', 'tablet', 'tabletWeb'],
    ['tizen', 'tv', 'desktopWeb'],
    ['playstation', 'stb', 'desktopWeb'],
    ['windows', 'desktop', 'desktopWeb'],
    ['curl', 'other', 'desktopWeb'],
  ] as const)('classifies %s as %s (%s)', (name, type, deviceClass) => {
    const d = deviceOf(UA[name]);
    expect(d.type).toBe(type);
    expect(d.deviceClass).toBe(deviceClass);
  });

  it('reads browser, OS and vendor for the API query parameters', () => {
    expect(deviceOf(UA.iphone)).toMatchObject({
      vendor: 'Apple',
      model: 'iPhone',
      os: 'iOS',
      osVersion: '17.4',
      browserType: 'Mobile Safari',
    });
    expect(deviceOf(UA.windows)).toMatchObject({
      os: 'Windows',
      browserType: 'Yandex',
      browserVersion: '24.10.0.0',
    });
  });

  it('survives a missing or absurdly long user agent', () => {
    expect(deviceOf(undefined).type).toBe('other');
    expect(deviceOf(`${UA.iphone}${'x'.repeat(10_000)}`).type).toBe('mobile');
  });

  it('reads only the first USER_AGENT_MAX_LENGTH characters (docs/product.md, «Numbers»)', () => {
    const ua = `${'x'.repeat(USER_AGENT_MAX_LENGTH)} (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile Safari`;
    expect(deviceOf(ua).type).toBe('other');
    expect(deviceOf(ua.slice(USER_AGENT_MAX_LENGTH + 1)).type).toBe('mobile');
  });
});

describe('deviceLabel', () => {
  // The names the simultaneous-playback popup lists the other devices by.
  it.each([
    ['chromeWindows', 'Chrome на Windows'],
    ['windows', 'Яндекс Браузер на Windows'],
    ['iphone', 'Safari на iPhone'],
    ['ipad', 'Safari на iPad'],
    ['android', 'Chrome на Android'],
    ['safariMac', 'Safari на macOS'],
    ['firefoxLinux', 'Firefox на Ubuntu'],
    ['tizen', 'Телевизор'],
    ['webos', 'Телевизор'],
    ['playstation', 'PlayStation 5'],
  ] as const)('names %s «%s»', (name, label) => {
    expect(deviceLabel(deviceOf(UA[name]))?.replace(/\u00a0/g, ' ')).toBe(label);
  });

  it('names nothing when the user agent tells nothing', () => {
    expect(deviceLabel(deviceOf(UA.curl))).toBeNull();
    expect(deviceLabel(deviceOf(''))).toBeNull();
  });
});
