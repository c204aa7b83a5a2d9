import { env } from 'cloudflare:workers';
import { call } from '../../test-helpers.ts';
import { type OutgoingMessage, setDeliver } from './mailer.ts';

/** Test-only helpers of the accounts API: recorded messages, a cookie jar, JSON calls. */

/** Records every message the Worker sends (the test hook of mailer.ts) instead of delivering it. */
export function recordMessages() {
  const sent: OutgoingMessage[] = [];
  setDeliver(async (message) => {
    sent.push(message);
  });
  return {
    sent,
    /** The 6-digit code in the last message to `to`. */
    lastCode(to: string): string {
      const text = sent.filter((m) => m.to === to).at(-1)?.text ?? '';
      const code = /\b(\d{6})\b/.exec(text)?.[1];
      if (!code) throw new Error(`no code sent to ${to}`);
      return code;
    },
    clear: () => void sent.splice(0),
  };
}

/** Empties the accounts tables (each test starts with no accounts, codes, sessions or counters). */
export async function resetAccounts() {
  await env.DB.batch(
    ['rate_limits', 'auth_codes', 'sessions', 'profiles', 'accounts'].map((t) =>
      env.DB.prepare(`DELETE FROM ${t}`),
    ),
  );
}

/** A browser's cookies: kept from Set-Cookie answers, sent back as a Cookie header. */
export class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly ip = '203.0.113.10') {}

  remember(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(/;\s*/);
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const expired = attributes.some((a) => /^max-age=0$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(eq + 1));
    }
    return res;
  }

  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.header());
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', this.ip);
    // A browser sees each redirect (and its cookies) itself; workerd would follow it silently.
    return this.remember(await call(path, { redirect: 'manual', ...init, headers }));
  }

  post(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }
}

/** Signs up a new account by e-mail in `browser` (both steps) and answers the step-2 JSON. */
export async function signUp(
  browser: Browser,
  messages: ReturnType<typeof recordMessages>,
  email: string,
  password = 'correct horse 1',
) {
  const first = await browser.post('/auth/email/sign_up/', { email, password });
  if (first.status !== 202)
    throw new Error(`sign-up step 1: ${first.status} ${await first.text()}`);
  const res = await browser.post('/auth/email/sign_up/', {
    email,
    password,
    code: messages.lastCode(email),
  });
  if (res.status !== 201) throw new Error(`sign-up step 2: ${res.status} ${await res.text()}`);
  return (await res.json()) as {
    token: string;
    accountId: number;
    userId: number;
    billingId: string;
    isKid: boolean;
  };
}
