import { describe, expect, it } from 'vitest';
import { scrubTrace } from './redact.ts';

describe('a sampled trace on its way to the error reporter', () => {
  it('keeps timings and paths but no query, header or cookie, in its name, request or spans', () => {
    // A transaction shaped as @sentry/cloudflare sends one for a request it traced.
    const trace = {
      transaction: 'GET /auth/email/check?email=ivan.petrov@example.ru',
      request: {
        url: 'https://amediateka.example/auth/email/check?email=ivan.petrov@example.ru',
        query_string: 'email=ivan.petrov@example.ru',
        headers: {
          'user-agent': 'Chrome',
          cookie: 'device_id=d-42; account_id=7',
          referer: 'https://amediateka.example/activate?code=GIFT-1234',
        },
      },
      contexts: {
        trace: {
          description: 'GET /v2/event?payload=%7B%22query%22%3A%22resetToken%3Dabc%22%7D',
          data: {
            'url.full': 'https://amediateka.example/gifts?giftToken=9f8e7d6c5b4a',
            'url.query': '?giftToken=9f8e7d6c5b4a',
            'http.request.header.cookie.device_id': 'd-42',
            'http.request.method': 'GET',
            'http.response.status_code': 200,
          },
        },
      },
      spans: [
        {
          description: 'fetch https://api.yookassa.ru/v3/payments?shop=1',
          data: { 'http.query': 'shop=1', 'server.address': 'api.yookassa.ru' },
        },
      ],
    };
    const sent = JSON.stringify(scrubTrace(trace));
    for (const secret of [
      'ivan.petrov',
      'd-42',
      'account_id',
      'GIFT-1234',
      '9f8e7d6c5b4a',
      'resetToken',
      'shop=',
    ])
      expect(sent).not.toContain(secret);
    expect(trace.transaction).toBe('GET /auth/email/check');
    expect(trace.contexts.trace.data['http.request.method']).toBe('GET');
    expect(trace.contexts.trace.data['http.response.status_code']).toBe(200);
    expect(trace.spans[0]!.data['server.address']).toBe('api.yookassa.ru');
    expect(trace.request.headers).toEqual({
      'user-agent': 'Chrome',
      referer: 'https://amediateka.example/activate',
    });
  });
});
