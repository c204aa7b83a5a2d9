import { expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

/**
 * The security headers on every kind of answer the built site gives: each kind of page (guest and
 * signed in, errors and redirects included), the build's scripts and styles, fonts, images and
 * the plain-text files. The API's operations are covered in workerd
 * (functions/middleware/every-response.test.ts).
 */

function expectSecurityHeaders(res: Response, where: string) {
  const h = res.headers;
  expect(h.get('strict-transport-security'), where).toBe('max-age=31536000; includeSubDomains');
  expect(h.get('x-content-type-options'), where).toBe('nosniff');
  expect(h.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(h.get('x-frame-options'), where).toBe('DENY');
  // Pages get the app's policy; static files a stricter one (`default-src 'none'`, public/_headers).
  const csp = new Map(
    (h.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values.join(' ')]),
  );
  expect(csp.get('frame-ancestors'), where).toBe("'none'");
  const scripts = csp.get('script-src') ?? csp.get('default-src') ?? '';
  expect(scripts, where).toMatch(/^'(self|none)'/);
  expect(scripts, where).not.toMatch(/unsafe-(inline|eval)/);
  expect(csp.get('object-src') ?? csp.get('default-src'), where).toBe("'none'");
  // No page runs a worker: none may be started, from here or from a blob.
  expect(csp.get('worker-src') ?? csp.get('default-src'), where).toBe("'none'");
}

const GUEST_PAGES = [
  '/',
  '/movies',
  '/series?age=12',
  '/kids',
  '/search?query=%D0%B3%D0%BE%D1%80%D0%BE%D0%B4',
  '/collections',
  '/tv',
  '/advantages',
  '/paywall/default',
  '/faq',
  '/contacts',
  '/auth?step=signin',
  '/code/auth?user_code=ABCD-EFGH',
  '/activate/auth',
  '/no-such-page',
  '/watch/999999',
  '/403',
  '/500',
  '/resume',
  '/staff/stats',
  '/staff/refunds',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.svg',
];

const MEMBER_PAGES = [
  '/settings',
  '/settings/account',
  '/settings/profiles',
  '/settings/parental',
  '/my',
  '/my/history',
  '/payment',
  '/subscription',
  '/payment-history',
  '/gifts',
  '/code',
];

it('every kind of page and file carries the security headers, for a guest and a viewer', async () => {
  const guest = new Visitor();
  const home = await guest.open('/');
  // The build's own assets: a script, a stylesheet, and whatever else the home page links.
  const assets = [...home.html.matchAll(/(?:src|href)="(\/_astro\/[^"]+)"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThan(0);
  for (const path of [...GUEST_PAGES, ...new Set(assets)]) {
    const res = await guest.fetch(path);
    await res.body?.cancel();
    expect(res.status, path).toBeLessThan(600);
    expectSecurityHeaders(res, `guest ${path} → ${res.status}`);
  }
  const viewer = await new Visitor().holdToken();
  for (const path of MEMBER_PAGES) {
    const res = await viewer.fetch(path);
    await res.body?.cancel();
    expectSecurityHeaders(res, `viewer ${path} → ${res.status}`);
  }
});

it('a page form posted from another site is refused with the headers', async () => {
  const res = await new Visitor().fetch('/settings/support', {
    method: 'POST',
    headers: {
      origin: 'https://evil.example',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'message=x',
  });
  expect(res.status).toBe(403);
  expectSecurityHeaders(res, 'cross-site form');
});
