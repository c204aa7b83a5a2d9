import { type Context, Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryError } from './delivery-error.ts';
import type { Fetcher } from './http-gateway.ts';
import { httpMailSender, httpSmsSender } from './http-senders.ts';
import { signInCode, signUpCode } from './templates.ts';

interface Received {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/**
 * A gateway standing in for the provider: a real Hono app at https://gateway.test whose handler
 * the test chooses; the adapters reach it through a `fetch` that dispatches to it in process.
 */
function gateway(answer: (c: Context) => Response | Promise<Response>) {
  const received: Received[] = [];
  const app = new Hono().post('/v1/send', async (c) => {
    received.push({
      url: c.req.url,
      headers: Object.fromEntries(c.req.raw.headers),
      body: await c.req.json(),
    });
    return answer(c);
  });
  const fetch: Fetcher = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).host !== 'gateway.test')
      throw new TypeError('Network connection lost.');
    return app.fetch(request);
  };
  return { fetch, received };
}

const URL_ = 'https://gateway.test/v1/send';
const KEY = 'test-key-5f2c9a';
const mailTo = (
  fetch: Fetcher,
  extra: { timeoutMs?: number; url?: string; apiKey?: string; from?: string } = {},
) =>
  httpMailSender({
    url: URL_,
    apiKey: KEY,
    from: 'Амедиатека <no-reply@amediateka.example>',
    fetch,
    ...extra,
  });
const smsTo = (fetch: Fetcher, extra: { timeoutMs?: number; sender?: string } = {}) =>
  httpSmsSender({ url: URL_, apiKey: KEY, sender: 'Amediateka', fetch, ...extra });
const email = signUpCode({ channel: 'email', to: 'Ivan@Example.ru', code: '123456' });
const sms = signInCode({ channel: 'sms', to: '+7 999 123-45-67', code: '654321' });

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HTTP mail adapter', () => {
  it('POSTs the message as JSON with the bearer key and an idempotency key, and answers the gateway id', async () => {
    const gw = gateway((c) => c.json({ MessageID: 'pm-42', ErrorCode: 0 }));
    const { id } = await mailTo(gw.fetch).send({ ...email, idempotencyKey: 'signup:ivan:1' });
    expect(id).toBe('pm-42');
    expect(gw.received).toHaveLength(1);
    const [req] = gw.received;
    expect(req!.url).toBe(URL_);
    expect(req!.headers).toMatchObject({
      authorization: `Bearer ${KEY}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'idempotency-key': 'signup:ivan:1',
    });
    expect(req!.body).toEqual({
      from: 'Амедиатека <no-reply@amediateka.example>',
      to: 'ivan@example.ru',
      subject: email.subject,
      text: email.text,
      html: email.html,
      tag: 'sign_up_code',
    });
  });

  it('without an id from the gateway, answers the idempotency key it sent', async () => {
    const gw = gateway((c) => c.body(null, 202));
    const { id } = await mailTo(gw.fetch).send(email);
    expect(id).toBe(gw.received[0]!.headers['idempotency-key']);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('maps gateway statuses to typed failures', async () => {
    const cases: [number, string, boolean][] = [
      [400, 'rejected', false],
      [422, 'rejected', false],
      [401, 'unauthorized', false],
      [403, 'unauthorized', false],
      [404, 'misconfigured', false],
      [408, 'timeout', true],
      [429, 'rate_limited', true],
      [500, 'unavailable', true],
      [503, 'unavailable', true],
    ];
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const [status, reason, retryable] of cases) {
      const gw = gateway((c) => c.json({ message: 'nope' }, status as 400));
      const error = await failure(mailTo(gw.fetch).send(email));
      expect({
        status: error.status,
        reason: error.reason,
        retryable: error.retryable,
        channel: error.channel,
      }).toEqual({ status, reason, retryable, channel: 'email' });
    }
  });

  it('reads Retry-After of a 429', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway((c) => c.json({ error: 'slow down' }, 429, { 'Retry-After': '30' }));
    expect((await failure(mailTo(gw.fetch).send(email))).retryAfter).toBe(30);
  });

  it('gives up after its timeout even when the gateway never answers', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway(() => new Promise<Response>(() => {}));
    const started = performance.now();
    const error = await failure(mailTo(gw.fetch, { timeoutMs: 50 }).send(email));
    expect(error).toMatchObject({ reason: 'timeout', retryable: true });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('counts a body that never finishes against the same deadline', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway(
      () =>
        new Response(new ReadableStream({ start: () => {} }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect((await failure(mailTo(gw.fetch, { timeoutMs: 50 }).send(email))).reason).toBe('timeout');
  });

  it('reports an unreachable gateway as a network failure', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway((c) => c.json({ id: 'never' }));
    const error = await failure(
      mailTo(gw.fetch, { url: 'https://elsewhere.test/v1/send' }).send(email),
    );
    expect(error).toMatchObject({ reason: 'network', retryable: true });
    expect(gw.received).toHaveLength(0);
  });

  it('refuses to send without an https URL, a key or a sender, before any request', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway((c) => c.json({ id: 'never' }));
    for (const extra of [
      { url: '' },
      { url: 'http://gateway.test/v1/send' },
      { apiKey: '' },
      { from: '' },
    ]) {
      expect(
        (await failure(mailTo(gw.fetch, extra).send(email))).reason,
        JSON.stringify(extra),
      ).toBe('misconfigured');
    }
    expect(gw.received).toHaveLength(0);
  });

  it('refuses an SMS and an invalid message without calling the gateway', async () => {
    const gw = gateway((c) => c.json({ id: 'never' }));
    expect((await failure(mailTo(gw.fetch).send(sms))).reason).toBe('invalid_message');
    expect((await failure(mailTo(gw.fetch).send({ ...email, to: 'nobody' }))).reason).toBe(
      'invalid_message',
    );
    expect(gw.received).toHaveLength(0);
  });

  it('logs a failure without the key, the recipient or the text', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway((c) => c.json({ message: `bad key ${KEY}` }, 401));
    const error = await failure(mailTo(gw.fetch).send(email));
    const logged = [...warn.mock.calls.flat().map(String), error.message].join('\n');
    expect(logged).toContain('email delivery failed: unauthorized (HTTP 401)');
    for (const secret of [KEY, 'ivan@example.ru', '123456']) expect(logged).not.toContain(secret);
  });
});

describe('HTTP SMS adapter', () => {
  it('POSTs sender name, number and text with the bearer key', async () => {
    const gw = gateway((c) => c.json({ status: 'OK', id: 'sms-7' }));
    const { id } = await smsTo(gw.fetch).send(sms);
    expect(id).toBe('sms-7');
    expect(gw.received[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(gw.received[0]!.body).toEqual({
      from: 'Amediateka',
      to: '+79991234567',
      text: 'Код для входа в Амедиатеку: 654321. Никому его не сообщайте.',
    });
  });

  it('treats a 200 that reports an error (SMS.ru and SMSC style) as a refusal', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const body of [
      { status: 'ERROR', status_code: 202, status_text: 'Неправильно указан номер' },
      { error: 'invalid number', error_code: 7 },
    ]) {
      const gw = gateway((c) => c.json(body));
      expect(await failure(smsTo(gw.fetch).send(sms))).toMatchObject({
        reason: 'rejected',
        status: 200,
        channel: 'sms',
        retryable: false,
      });
    }
  });

  it('needs a sender name', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway((c) => c.json({ id: 'never' }));
    expect((await failure(smsTo(gw.fetch, { sender: '' }).send(sms))).reason).toBe('misconfigured');
  });

  it('times out like the mail adapter', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const gw = gateway(() => new Promise<Response>(() => {}));
    expect((await failure(smsTo(gw.fetch, { timeoutMs: 50 }).send(sms))).reason).toBe('timeout');
  });
});
