import { describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

const deviceCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith('device_id='));

describe('device id cookie', () => {
  it('is issued to a new browser: UUID-shaped, path /, one year, readable by the page', async () => {
    const cookie = deviceCookie(
      await call('/api/client/features/disable-dazn', {
        headers: { 'user-agent': 'Mozilla/5.0 Chrome/130' },
      }),
    );
    expect(cookie).toMatch(
      /^device_id=[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}; Max-Age=31536000; Path=\/; SameSite=Lax$/,
    );
  });

  it('keeps the fingerprint half stable for the same browser and makes the random half differ', async () => {
    const headers = {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
      'accept-language': 'ru-RU',
    };
    const id = async () => deviceCookie(await call('/api/x', { headers }))!.split(/[=;]/)[1]!;
    const [a, b] = [await id(), await id()];
    expect(a.slice(0, 18)).toBe(b.slice(0, 18));
    expect(a).not.toBe(b);
  });

  it('is not issued again while the browser has a valid one', async () => {
    const res = await call('/api/x', {
      headers: { cookie: 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e' },
    });
    expect(deviceCookie(res)).toBeUndefined();
  });

  it('replaces a malformed one', async () => {
    const res = await call('/api/x', { headers: { cookie: 'device_id=<script>' } });
    expect(deviceCookie(res)).toMatch(/^device_id=[0-9a-f-]{36};/);
  });

  it('is marked Secure when the site is served over HTTPS', async () => {
    const res = await call('/api/x', { headers: { 'x-forwarded-proto': 'https' } });
    expect(deviceCookie(res)).toContain('; Secure');
  });
});
