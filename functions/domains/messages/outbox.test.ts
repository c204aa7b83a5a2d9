import { env, withEnv } from 'cloudflare:workers';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test-helpers.ts';
import { DeliveryError, messageSender, templates } from './index.ts';
import type { OutboxEntry } from './outbox.repo.ts';
import { outboxSender } from './outbox-sender.ts';

async function outbox(query = ''): Promise<OutboxEntry[]> {
  const res = await call(`/dev/api/outbox/${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: OutboxEntry[] }).results;
}

async function rowCount(): Promise<number> {
  return (
    (await env.DB.prepare('SELECT count(*) AS n FROM outbox_messages').first<number>('n')) ?? 0
  );
}

// What the sender stores: the template's words typeset (non-breaking spaces after short words).
const SIGN_IN_SMS = 'Код для входа в\u00a0Амедиатеку: 123456. Никому его не\u00a0сообщайте.';

describe('the local outbox', () => {
  beforeEach(async () => {
    await env.DB.exec('DELETE FROM outbox_messages');
  });

  it('typesets a message but leaves the viewer’s own words in the copy of a support request as written', async () => {
    const words = 'Пишу "срочно" - код 12-34 в приложении';
    const { id } = await messageSender().send(
      templates.supportRequestCopy({
        to: 'a@example.ru',
        requestId: '7',
        subject: 'Оплата',
        text: words,
      }),
    );
    const row = await env.DB.prepare(
      'SELECT body_text, body_html FROM outbox_messages WHERE id = ?',
    )
      .bind(id)
      .first<{ body_text: string; body_html: string }>();
    expect(row!.body_text).toContain(`> ${words}`);
    expect(row!.body_text).toContain('ответим на\u00a0этот адрес');
    expect(row!.body_html).toContain(
      'Пишу &quot;срочно&quot; - код 12-34 в приложении</blockquote>',
    );
    expect(row!.body_html).toContain('ответим на\u00a0этот адрес');
  });

  it('stores a sent SMS in D1 before send resolves, readable through /dev/api/outbox/ by recipient', async () => {
    const { id } = await messageSender().send(
      templates.signInCode({ channel: 'sms', to: '+7 (999) 123-45-67', code: '123456' }),
    );
    await messageSender().send(
      templates.signInCode({ channel: 'sms', to: '+79990000000', code: '654321' }),
    );

    const row = await env.DB.prepare('SELECT * FROM outbox_messages WHERE id = ?')
      .bind(id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      channel: 'sms',
      recipient: '+79991234567',
      subject: null,
      body_text: SIGN_IN_SMS,
      body_html: null,
      purpose: 'sign_in_code',
      idempotency_key: null,
    });
    expect(Math.abs(Number(row!.created_at) - Date.now())).toBeLessThan(60_000);

    const mine = await outbox('?to=%2B79991234567');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      id,
      channel: 'sms',
      to: '+79991234567',
      text: SIGN_IN_SMS,
      purpose: 'sign_in_code',
    });
    expect(mine[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The filter takes the number as a person types it.
    expect(
      (await outbox(`?to=${encodeURIComponent('+7 999 123 45 67')}`)).map((m) => m.id),
    ).toEqual([id]);
  });

  it('stores an e-mail with its subject and HTML; the address is matched whatever its case', async () => {
    const message = templates.signUpCode({
      channel: 'email',
      to: 'Ivan.Petrov@Example.RU',
      code: '246810',
    });
    const { id } = await outboxSender().send(message);
    const [stored] = await outbox('?to=ivan.petrov@example.ru&channel=email');
    expect(stored).toMatchObject({
      id,
      to: 'ivan.petrov@example.ru',
      subject: message.subject,
      text: message.text,
      html: message.html,
      purpose: 'sign_up_code',
    });
    expect(await outbox('?to=IVAN.PETROV@EXAMPLE.RU&channel=sms')).toEqual([]);
  });

  it('lists newest first, also for messages stored in the same millisecond, and honours the limit', async () => {
    const sender = outboxSender();
    const ids: string[] = [];
    for (const code of ['111111', '222222', '333333']) {
      ids.push(
        (await sender.send(templates.signInCode({ channel: 'sms', to: '+79991112233', code }))).id,
      );
    }
    // Same created_at for all three: only the insertion order can tell them apart.
    await env.DB.exec('UPDATE outbox_messages SET created_at = 1795000000000');
    expect((await outbox('?to=%2B79991112233')).map((m) => m.id)).toEqual([...ids].reverse());
    expect((await outbox('?to=%2B79991112233&limit=1')).map((m) => m.text)).toEqual([
      'Код для входа в Амедиатеку: 333333. Никому его не сообщайте.',
    ]);
  });

  it('stores a message once per idempotency key: a retried send answers the first id', async () => {
    const message = {
      ...templates.passwordResetCode({ channel: 'email', to: 'anna@example.ru', code: '135790' }),
      idempotencyKey: 'reset:anna:1',
    };
    const first = await outboxSender().send(message);
    const again = await outboxSender().send(message);
    expect(again.id).toBe(first.id);
    expect(await rowCount()).toBe(1);
    // Without a key every send is its own message.
    await outboxSender().send(
      templates.passwordResetCode({ channel: 'email', to: 'anna@example.ru', code: '135790' }),
    );
    await outboxSender().send(
      templates.passwordResetCode({ channel: 'email', to: 'anna@example.ru', code: '135790' }),
    );
    expect(await rowCount()).toBe(3);
  });

  it('refuses a message it could not deliver (no subject, malformed address) and stores nothing', async () => {
    for (const bad of [
      { channel: 'email' as const, to: 'ivan@example.ru', text: 'Без темы', purpose: 'test' },
      {
        channel: 'email' as const,
        to: 'not-an-address',
        subject: 'Тема',
        text: 'Текст',
        purpose: 'test',
      },
      { channel: 'sms' as const, to: '12345', text: 'Короткий номер', purpose: 'test' },
      { channel: 'sms' as const, to: '+79991234567', text: '', purpose: 'test' },
    ]) {
      const error = await outboxSender()
        .send(bad)
        .catch((e: unknown) => e);
      expect(error, bad.to).toBeInstanceOf(DeliveryError);
      expect(error).toMatchObject({
        reason: 'invalid_message',
        channel: bad.channel,
        retryable: false,
      });
    }
    expect(await rowCount()).toBe(0);
  });

  it('messageSender() follows MAIL_PROVIDER and SMS_PROVIDER separately', async () => {
    const posted: string[] = [];
    const gateway = new Hono().post('/send', async (c) => {
      posted.push(((await c.req.json()) as { to: string }).to);
      return c.json({ id: 'gw-1' });
    });
    const fetch = async (input: string, init: RequestInit) =>
      gateway.fetch(new Request(input, init));
    const vars = {
      ...env,
      MAIL_PROVIDER: 'http',
      MAIL_API_URL: 'https://mail.gateway.test/send',
      MAIL_API_KEY: 'k',
      SMS_PROVIDER: 'outbox',
    };

    const [mail, text] = (await withEnv(vars, async () => {
      const sender = messageSender({ fetch });
      return [
        await sender.send(
          templates.signInCode({ channel: 'email', to: 'ivan@example.ru', code: '123456' }),
        ),
        await sender.send(
          templates.signInCode({ channel: 'sms', to: '+79991234567', code: '123456' }),
        ),
      ];
    })) as [{ id: string }, { id: string }];

    expect(mail.id).toBe('gw-1');
    expect(posted).toEqual(['ivan@example.ru']);
    expect((await outbox()).map((m) => m.id)).toEqual([text.id]);
  });
});
