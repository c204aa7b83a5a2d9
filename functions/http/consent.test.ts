import { describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

const origin = 'http://localhost:8787';
const post = (headers: Record<string, string>, body?: string) =>
  call('/api/consent/cookies', {
    method: 'POST',
    headers: { origin, ...headers },
    body,
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

  it('returns to the page the form names, with no Referer or one of another address', async () => {
    for (const referer of [undefined, 'http://127.0.0.1:8802/other']) {
      const res = await post(
        {
          'content-type': 'application/x-www-form-urlencoded',
          ...(referer ? { referer } : {}),
        },
        'back=%2Fwatch%2F12%3Fseason%3D2',
      );
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/watch/12?season=2');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('cookie_agreement=1;'))).toBe(
        true,
      );
    }
  });

  it('ignores a named page that is not a path of this site, falling back to the Referer', async () => {
    for (const back of [
      'https://evil.example/',
      '//evil.example/x',
      '/.//evil.example',
      'watch/1',
    ]) {
      const res = await post(
        { 'content-type': 'application/x-www-form-urlencoded', referer: `${origin}/series` },
        new URLSearchParams({ back }).toString(),
      );
      expect(res.status, back).toBe(303);
      expect(res.headers.get('location'), back).toBe('/series');
    }
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
