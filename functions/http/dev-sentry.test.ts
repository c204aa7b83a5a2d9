import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { afterResponses, call, callWithVars } from '../test-helpers.ts';

/** The DSN of the local receiver on this Worker's own origin (wrangler.toml's SITE_ORIGIN). */
const LOCAL_DSN = 'http://publickey@localhost:8787/dev/api/sentry/1';
const ENDPOINT = '/dev/api/sentry/api/1/envelope/';

interface Report {
  kind: string;
  title: string | null;
  level: string | null;
  environment: string | null;
  sdk: string | null;
  items: unknown[];
}

async function reports(kind = 'event'): Promise<Report[]> {
  const res = await call(`/dev/api/sentry/?kind=${kind}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Report[] }).results;
}

/** Reports are sent after the answer (waitUntil): the receiver has them once that work is done. */
async function firstReport(kind = 'event'): Promise<Report> {
  await afterResponses();
  const [report] = await reports(kind);
  if (!report) throw new Error('no report reached the receiver');
  return report;
}

describe('the local Sentry receiver: /dev/api/sentry', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM error_reports');
  });

  it('keeps an envelope as Sentry would take it and lists it, newest first, uncached', async () => {
    const body = [
      JSON.stringify({ event_id: 'a'.repeat(32), sdk: { name: 'sentry.javascript.browser' } }),
      JSON.stringify({ type: 'event' }),
      JSON.stringify({
        level: 'error',
        environment: 'production',
        exception: { values: [{ type: 'TypeError', value: 'x is undefined' }] },
      }),
    ].join('\n');
    const res = await call(`${ENDPOINT}?sentry_key=publickey&sentry_version=7`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      body,
    });
    expect(res.status).toBe(200);
    const list = await call('/dev/api/sentry/');
    expect(list.headers.get('cache-control')).toBe('no-store');
    const [report] = ((await list.json()) as { results: Report[] }).results;
    expect(report).toMatchObject({
      kind: 'event',
      title: 'TypeError: x is undefined',
      level: 'error',
      environment: 'production',
      sdk: 'sentry.javascript.browser',
    });
  });

  it('refuses what is not an envelope with the error envelope, and keeps nothing', async () => {
    const res = await call(ENDPOINT, { method: 'POST', body: 'not json' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: { reason: string } }).details.reason).toBe(
      'not_an_envelope',
    );
    expect(await reports('unknown')).toEqual([]);
  });

  it('does not exist in production', async () => {
    const production = { ENVIRONMENT: 'production', DEV_ROUTES: 'false' };
    const res = await callWithVars(production, ENDPOINT, { method: 'POST', body: '{}\n{}\n{}' });
    expect(res.status).toBe(404);
    expect((await callWithVars(production, '/dev/api/sentry/')).status).toBe(404);
  });
});

describe('server errors reach Sentry through the Workers SDK', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM error_reports');
  });

  const secrets = {
    cookie: 'session=eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXNlc3Npb24.c2lnbmF0dXJl; device_id=d-123',
    authorization: 'Bearer top-secret-bearer-token-value',
  };

  it('an unhandled error answers 500 in Russian and is reported, scrubbed of cookies and Authorization', async () => {
    const res = await callWithVars(
      { SENTRY_DSN: LOCAL_DSN },
      '/dev/api/fail?email=ivan%40example.ru&token=abc123',
      { headers: { ...secrets, 'user-agent': 'vitest' } },
    );
    expect(res.status).toBe(500);
    expect(((await res.json()) as { message: string }).message).toMatch(/[а-яё]/i);

    const report = await firstReport();
    expect(report.title).toBe('Error: a failure on purpose (/dev/api/fail)');
    expect(report.environment).toBe('production');
    expect(report.sdk).toBe('sentry.javascript.cloudflare');
    const event = report.items[1] as {
      request: { url: string; headers: Record<string, string>; cookies?: unknown };
    };
    expect(event.request.headers['user-agent']).toBe('vitest');
    expect(event.request.cookies).toBeUndefined();
    const text = JSON.stringify(report.items);
    for (const leak of ['eyJhbGciOiJIUzI1NiJ9', 'd-123', 'top-secret', 'ivan@example.ru', 'abc123'])
      expect(text, leak).not.toContain(leak);
  });

  it('without SENTRY_DSN nothing is reported', async () => {
    const res = await callWithVars({ SENTRY_DSN: '' }, '/dev/api/fail');
    expect(res.status).toBe(500);
    await afterResponses();
    expect(await reports()).toEqual([]);
  });
});

describe('pointing at real Sentry', () => {
  it('lets browsers send reports to the DSN host (CSP connect-src), and only then', async () => {
    const dsn = 'https://publickey@o123.ingest.sentry.io/456';
    const csp = (res: Response) => res.headers.get('content-security-policy') ?? '';
    const connect = (policy: string) => /connect-src ([^;]*)/.exec(policy)?.[1] ?? '';
    expect(connect(csp(await callWithVars({ SENTRY_DSN: dsn }, '/api/health')))).toContain(
      'https://o123.ingest.sentry.io',
    );
    expect(connect(csp(await callWithVars({ SENTRY_DSN: '' }, '/api/health')))).not.toContain(
      'sentry',
    );
  });
});
