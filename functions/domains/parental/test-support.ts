import { env } from 'cloudflare:workers';
import { Browser } from '../auth/test-support.ts';

/** Test helpers of parental control: accounts signed up through the real outbox. */

/** The 6-digit code of the newest outbox message to `to` (as the viewer reads it). */
export async function outboxCode(to: string): Promise<string> {
  const row = await env.DB.prepare(
    'SELECT body_text AS text FROM outbox_messages WHERE recipient = ? ORDER BY created_at DESC, rowid DESC LIMIT 1',
  )
    .bind(to)
    .first<{ text: string }>();
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(row?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Empties the accounts, parental and outbox tables. */
export async function resetAll() {
  await env.DB.batch(
    [
      'parental_sessions',
      'parental_controls',
      'outbox_messages',
      'rate_limits',
      'auth_codes',
      'sessions',
      'profiles',
      'accounts',
    ].map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
  );
}

/** A browser signed up by e-mail (code from the outbox); answers it and its account id. */
export async function signedUp(email: string, ip = '203.0.113.20') {
  const browser = new Browser(ip);
  const password = 'correct horse 1';
  const first = await browser.post('/auth/email/sign_up/', { email, password });
  if (first.status !== 202) throw new Error(`sign-up step 1: ${first.status}`);
  const res = await browser.post('/auth/email/sign_up/', {
    email,
    password,
    code: await outboxCode(email),
  });
  if (res.status !== 201) throw new Error(`sign-up step 2: ${res.status} ${await res.text()}`);
  const { accountId } = (await res.json()) as { accountId: number };
  const base = `/auth/accounts/${accountId}`;
  const send = (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    browser.fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { browser, accountId, base, send };
}
