import type { APIRequestContext } from '@playwright/test';
import type { OutboxEntry } from '../../../functions/domains/messages/outbox.repo.ts';

export interface OutboxQuery {
  channel?: 'email' | 'sms';
  /** Only messages of this purpose (`sign_in_code`, `sign_up_code`…). */
  purpose?: string;
  /** Only messages stored at or after this moment: take it before the step that sends the code. */
  since?: Date;
}

/**
 * Messages the e2e server's outbox holds for `to` (an e-mail or a phone as typed), newest first.
 * @example const [mail] = await outboxFor(request, 'ivan@example.ru', { channel: 'email' })
 */
export async function outboxFor(
  request: APIRequestContext,
  to: string,
  query: OutboxQuery = {},
): Promise<OutboxEntry[]> {
  const params = new URLSearchParams({
    to,
    limit: '50',
    ...(query.channel ? { channel: query.channel } : {}),
  });
  const res = await request.get(`/dev/api/outbox/?${params}`);
  if (!res.ok())
    throw new Error(`GET /dev/api/outbox/ answered ${res.status()}: ${await res.text()}`);
  const { results } = (await res.json()) as { results: OutboxEntry[] };
  return results.filter(
    (m) =>
      (!query.purpose || m.purpose === query.purpose) &&
      (!query.since || Date.parse(m.createdAt) >= query.since.getTime()),
  );
}

/**
 * The six-digit code of the newest message to `to`, as a viewer reads it from the e-mail or SMS.
 * Polls for up to `timeoutMs` (the browser's request may still be on its way); throws if none came.
 * @example
 * const since = new Date();
 * await page.getByRole('button', { name: 'Получить код' }).click();
 * await page.getByLabel('Код').fill(await latestCode(request, '+79991234567', { since }));
 */
export async function latestCode(
  request: APIRequestContext,
  to: string,
  query: OutboxQuery & { timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (query.timeoutMs ?? 5_000);
  for (;;) {
    for (const message of await outboxFor(request, to, query)) {
      const code = message.text.match(/(?<!\d)\d{6}(?!\d)/)?.[0];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no six-digit code in the outbox for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
