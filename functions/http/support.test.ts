import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

const device = (n: number) =>
  `device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d${String(n).padStart(2, '0')}`;
const send = (body: unknown, { cookie = device(1), ip = '198.51.100.1' } = {}) =>
  call('/api/support/requests/', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: 'http://localhost:8787',
      cookie,
      'cf-connecting-ip': ip,
    },
    body: JSON.stringify(body),
  });

const valid = {
  subject: 'playback',
  message: 'Фильм останавливается на 10-й минуте.',
  email: 'Viewer@Example.ru',
  page: '/watch/12',
};

describe('POST /api/support/requests/', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM support_requests');
  });

  it('stores the request with the device, address and page, and answers 201 with its number', async () => {
    const res = await send(valid);
    expect(res.status).toBe(201);
    const { id, message } = (await res.json()) as { id: number; message: string };
    expect(message).toBe('Обращение отправлено. Мы ответим на e-mail в течение суток.');
    const row = await env.DB.prepare('SELECT * FROM support_requests WHERE id = ?')
      .bind(id)
      .first();
    expect(row).toMatchObject({
      email: 'viewer@example.ru',
      subject: 'playback',
      page_url: '/watch/12',
      ip: '198.51.100.1',
      device_id: '3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d01',
      account_id: null,
    });
    const copy = await env.DB.prepare(
      "SELECT subject, body_text FROM outbox_messages WHERE recipient = 'viewer@example.ru' AND purpose = 'support_request_copy' ORDER BY created_at DESC LIMIT 1",
    ).first<{ subject: string; body_text: string }>();
    // Messages are typeset (functions/lib/typeset.ts): «№» and «и» keep their next word (a narrow one after «№»).
    expect(copy?.subject).toBe(
      `Обращение №\u202f${id}\u00a0принято: Просмотр и\u00a0качество видео`,
    );
    expect(copy?.body_text.replace(/\s/g, ' ')).toContain('Фильм останавливается на 10-й минуте.');
  });

  it('refuses bad input with a Russian 422 and stores nothing', async () => {
    for (const body of [
      { ...valid, subject: 'spam' },
      { ...valid, message: 'коротко' },
      { ...valid, email: 'не почта' },
      { ...valid, page: '//evil.example' },
      {},
    ]) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as { message: string }).message).toMatch(/[а-яё]/i);
    }
    expect((await env.DB.prepare('SELECT count(*) AS n FROM support_requests').first())!.n).toBe(0);
  });

  it('takes the longest message (4,000 Cyrillic characters, ~8 KB) and refuses a body over 32 KB with 413, storing nothing', async () => {
    expect((await send({ ...valid, message: 'Ж'.repeat(4000) })).status).toBe(201);
    const huge = await send({
      ...valid,
      message: 'Ж'.repeat(4000),
      padding: 'x'.repeat(33 * 1024),
    });
    expect([huge.status, await huge.json()]).toEqual([
      413,
      { message: 'Слишком большой запрос', details: { reason: 'payload_too_large' } },
    ]);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM support_requests').first())!.n).toBe(1);
  });

  it('takes at most five an hour from one device, and from one address across devices', async () => {
    for (let i = 0; i < 5; i++) expect((await send(valid)).status).toBe(201);
    const sixth = await send(valid);
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({
      message:
        'Вы отправили много обращений за последний час. Попробуйте позже — мы ответим на уже отправленные.',
      details: { reason: 'support_rate_limited' },
    });
    expect((await send(valid, { cookie: device(2) })).status).toBe(429);
    expect((await send(valid, { cookie: device(3), ip: '198.51.100.2' })).status).toBe(201);
    expect((await env.DB.prepare('SELECT count(*) AS n FROM support_requests').first())!.n).toBe(6);
  });

  it('is refused from another site (CSRF)', async () => {
    const res = await call('/api/support/requests/', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'https://evil.example',
        cookie: device(1),
      },
      body: JSON.stringify(valid),
    });
    expect(res.status).toBe(403);
  });
});
