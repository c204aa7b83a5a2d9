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
    for (const bad of [
      '/.//evil.example/phish',
      '/..//evil.example/phish',
      '/%2e//evil.example/phish',
    ])
      expect(safeBackPath(bad), bad).toBeNull();
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

  it('does not keep a payment-flow page as the previous page (docs/product.md, «Screens and routes»)', () => {
    const s = memory();
    rememberReturn(s, {
      referrer: 'https://amediateka.ru/movies',
      origin: 'https://amediateka.ru',
    });
    for (const left of ['/paywall/default', '/payment?id=1', '/advantages', '/payment-type'])
      rememberReturn(s, {
        referrer: `https://amediateka.ru${left}`,
        origin: 'https://amediateka.ru',
      });
    expect(returnPath(s)).toBe('/movies');
  });
});

/**
 * Ways to write "up or here" before a double slash, which normalise to `//host` (a browser reads
 * that as another site): dot segments plain and percent-encoded, after real segments or not.
 */
const DOTS = [
  '/.',
  '/..',
  '/%2e',
  '/%2E',
  '/%2e%2e',
  '/.%2e',
  '/%2e.',
  '/a/..',
  '/./.',
  '/a/b/../..',
];
const SLASHES = ['//', '///', '/%2f/', '//%2f'];
const HOSTS = ['evil.example/phish', 'evil.example', 'evil.example:443/x?y=1#z'];

describe('back paths built to escape by normalisation', () => {
  const variants = DOTS.flatMap((dots) =>
    SLASHES.flatMap((slashes) => HOSTS.map((host) => `${dots}${slashes}${host}`)),
  );

  it('never answers a path that a browser would resolve to another site', () => {
    expect(variants.length).toBeGreaterThanOrEqual(100);
    for (const value of variants) {
      const path = safeBackPath(value);
      if (path === null) continue;
      // What the browser does with `Location: <path>` on our site.
      const followed = new URL(path, 'https://amediateka.example');
      expect(followed.origin, `${value} → ${path}`).toBe('https://amediateka.example');
      expect(path.startsWith('/') && !path.startsWith('//'), `${value} → ${path}`).toBe(true);
    }
  });

  it('refuses the double-slash forms outright', () => {
    for (const value of variants.filter((v) => !v.includes('%2f')))
      expect(safeBackPath(value), value).toBeNull();
  });

  it('answers the normalised path, so what is checked is what is sent', () => {
    expect(safeBackPath('/series/./../watch/12')).toBe('/watch/12');
    expect(safeBackPath('/a/../auth')).toBeNull();
  });
});
