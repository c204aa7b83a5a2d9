import { describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

const origin = 'http://localhost:8787';
const post = (headers: Record<string, string>) =>
  call('/api/consent/cookies', {
    method: 'POST',
    headers: { origin, ...headers },
    redirect: 'manual',
  });

describe('POST /api/consent/cookies', () => {
  it('stores the agreement for one year and returns a form post to the page it came from', async () => {
    const res = await post({ referer: `${origin}/info/tos/?a=1` });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/info/tos/?a=1');
    expect(res.headers.getSetCookie()).toContain(
      'cookie_agreement=1; Max-Age=31536000; Path=/; SameSite=Lax',
    );
  });

  it('never redirects to another site', async () => {
    const res = await post({ referer: 'https://evil.example/phish' });
    expect(res.headers.get('location')).toBe('/');
  });

  it('never redirects to a page of ours whose path normalises to //host', async () => {
    for (const path of [
      '/.//evil.example/phish',
      '/..//evil.example/phish',
      '/%2e//evil.example',
    ]) {
      const res = await post({ referer: `${origin}${path}` });
      expect(new URL(res.headers.get('location')!, origin).origin, path).toBe(origin);
    }
  });

  it('answers 204 without a redirect when called by script', async () => {
    const res = await post({ accept: 'application/json' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('cookie_agreement=1;'))).toBe(true);
  });

  it('answers 405 in the envelope to GET, allowing only POST (only POST changes state)', async () => {
    const res = await call('/api/consent/cookies');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(((await res.json()) as { details: { reason: string } }).details.reason).toBe(
      'method_not_allowed',
    );
  });
});
