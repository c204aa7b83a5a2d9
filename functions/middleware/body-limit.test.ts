import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call, callWithEnv } from '../test-helpers.ts';

/**
 * The body limits of the route groups (functions/http/api-groups.ts: 32 KB under /api), against
 * the real Worker: a declared Content-Length over the limit is a 413 before the body is parsed
 * (and, over a megabyte, before it is read); a body of no declared length is counted while read;
 * a body right at the limit is the route's.
 */

const LIMIT = 32 * 1024;
const TOO_LARGE = { message: 'Слишком большой запрос', details: { reason: 'payload_too_large' } };
const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

let device = 0;
/** Headers of a support request from a browser and address of its own (five an hour each). */
function headers(extra: Record<string, string> = {}) {
  device += 1;
  return {
    'content-type': 'application/json',
    cookie: `device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c${String(device).padStart(4, '0')}`,
    'cf-connecting-ip': `198.51.100.${device}`,
    ...extra,
  };
}

/** A valid support request whose JSON is exactly `size` bytes (zod drops the padding). */
function supportRequest(size: number): string {
  const valid = { subject: 'playback', message: 'Фильм останавливается.', email: 'a@example.ru' };
  const padding = size - bytes(JSON.stringify({ ...valid, padding: '' }));
  return JSON.stringify({ ...valid, padding: 'x'.repeat(padding) });
}

/** A body of no declared length (sent chunked), in 4 KB pieces. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const all = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= all.byteLength) return controller.close();
      controller.enqueue(all.slice(at, at + 4096));
      at += 4096;
    },
  });
}

const post = (body: BodyInit, extra?: Record<string, string>) =>
  call('/api/support/requests/', { method: 'POST', headers: headers(extra), body });

const stored = async () =>
  (await env.DB.prepare('SELECT count(*) AS n FROM support_requests').first<{ n: number }>())!.n;

describe('body limits', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM support_requests');
  });

  it('refuses a 240 KB body with the 413 envelope, and stores nothing', async () => {
    const res = await post(supportRequest(240 * 1024));
    expect([res.status, await res.json()]).toEqual([413, TOO_LARGE]);
    expect(await stored()).toBe(0);
  });

  it('decides from a declared Content-Length over the limit, chunked or not: the body is never parsed', async () => {
    for (const framing of [{}, { 'transfer-encoding': 'chunked' }] as Record<string, string>[]) {
      // In the Worker's own context: a hop through the runtime would frame the body by its length.
      // Passed on, this body would be the route's 422; refused by its declared length, a 413.
      const res = await callWithEnv({}, '/api/support/requests/', {
        method: 'POST',
        headers: headers({ 'content-length': String(240 * 1024), ...framing }),
        body: '{}',
      });
      const where = JSON.stringify(framing);
      expect([res.status, await res.json()], where).toEqual([413, TOO_LARGE]);
    }
    expect(await stored()).toBe(0);
  });

  it('answers a declared body of more than a megabyte at once, without reading a byte', async () => {
    let pulled = 0;
    // highWaterMark 0: nothing is pulled until someone reads.
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          pulled += 1;
          controller.enqueue(new TextEncoder().encode('{}'));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const res = await callWithEnv({}, '/api/support/requests/', {
      method: 'POST',
      headers: headers({ 'content-length': String(2 * 1024 * 1024) }),
      body,
    });
    expect([res.status, await res.json()]).toEqual([413, TOO_LARGE]);
    expect(pulled).toBe(0);
    expect(body.locked).toBe(false);
  });

  it('counts a body of no declared length while reading it: over the limit is a 413', async () => {
    const res = await post(chunked(supportRequest(LIMIT + 1)));
    expect([res.status, await res.json()]).toEqual([413, TOO_LARGE]);
    expect(await stored()).toBe(0);
  });

  it('takes a body of exactly the limit, declared or not, and refuses one byte more', async () => {
    const atLimit = supportRequest(LIMIT);
    expect(bytes(atLimit)).toBe(LIMIT);
    expect((await post(atLimit)).status).toBe(201);
    expect((await post(chunked(atLimit))).status).toBe(201);
    expect((await post(supportRequest(LIMIT + 1))).status).toBe(413);
    expect(await stored()).toBe(2);
  });
});
