import { describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';
import { addScriptNonces } from './security-headers.ts';

describe('security headers', () => {
  it('are on every response, API errors included', async () => {
    for (const path of [
      '/api/client/features/disable-dazn',
      '/api/nothing-here',
      '/cms/seo-texts/?path=/',
    ]) {
      const res = await call(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(res.headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('use a fresh nonce for every response', async () => {
    const nonceOf = async () =>
      (await call('/api/nothing')).headers
        .get('content-security-policy')
        ?.match(/nonce-([^']+)/)?.[1];
    const [a, b] = [await nonceOf(), await nonceOf()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });

  it('stamp the nonce on every script element of an HTML page and leave other markup alone', async () => {
    const html =
      '<!doctype html><html><head><script type="module" src="/_astro/a.js"></script><script type="application/ld+json">{}</script></head><body><p>скрипт</p><script>1</script></body></html>';
    const out = await addScriptNonces(
      new Response(html, { headers: { 'content-type': 'text/html' } }),
      'abc123',
    ).text();
    expect(out.match(/<script[^>]*nonce="abc123"/g)).toHaveLength(3);
    expect(out).toContain('<p>скрипт</p>');
  });
});
