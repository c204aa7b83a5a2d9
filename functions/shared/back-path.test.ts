import { describe, expect, it } from 'vitest';
import { rememberReturn, returnPath, safeBackPath } from './back-path.ts';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('back path of the sign-in flow', () => {
  it('keeps paths inside the site', () => {
    expect(safeBackPath('/watch/12?season=2#ep')).toBe('/watch/12?season=2#ep');
    expect(safeBackPath('/settings')).toBe('/settings');
  });

  it('refuses anything that could leave the site or loop back into sign-in', () => {
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      'javascript:alert(1)',
      '/\\evil.example',
      '/x\nSet-Cookie: a=1',
      'watch/1',
      '',
      null,
      '/auth',
      '/auth?step=signin',
      '/settings/auth',
      '/code/auth/',
    ]) {
      expect(safeBackPath(bad), String(bad)).toBeNull();
    }
    // Percent-encoded characters stay encoded: a harmless path on this site.
    expect(safeBackPath('/%0d%0aSet-Cookie')).toBe('/%0d%0aSet-Cookie');
  });

  it('returns to the explicit back path, else the previous page of this site, else home', () => {
    const s = memory();
    expect(returnPath(s)).toBe('/');
    rememberReturn(s, { referrer: 'https://other.example/page', origin: 'https://amediateka.ru' });
    expect(returnPath(s)).toBe('/');
    rememberReturn(s, {
      referrer: 'https://amediateka.ru/series?genre=drama',
      origin: 'https://amediateka.ru',
    });
    expect(returnPath(s)).toBe('/series?genre=drama');
    rememberReturn(s, { backPath: '/gifts', origin: 'https://amediateka.ru' });
    expect(returnPath(s)).toBe('/gifts');
    rememberReturn(s, { backPath: 'https://evil.example', origin: 'https://amediateka.ru' });
    expect(returnPath(s)).toBe('/gifts');
  });
});
