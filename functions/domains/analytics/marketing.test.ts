import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { callWithVars, eventually } from '../../test-helpers.ts';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';

const messages = recordMessages();
const PASSWORD = 'correct horse 1';

interface Recorded {
  operation: string;
  accountId: string;
  profileId: string;
  customer: Record<string, unknown>;
}

/** The local tool's calls (the development API), oldest first. */
async function recorded(account?: number): Promise<Recorded[]> {
  const res = await new Browser().fetch(
    `/dev/api/marketing/${account ? `?account=${account}` : ''}`,
  );
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: Recorded[] }).results.reverse();
}

/**
 * The calls go out in the background: ask until `count` have arrived, then once more, so a call
 * that should not come, sent by the same requests, is there too.
 */
async function settle(count: number, account?: number): Promise<Recorded[]> {
  await eventually(
    `${count} marketing calls`,
    async () => (await recorded(account)).length >= count,
  );
  return recorded(account);
}

beforeEach(async () => {
  await resetAccounts();
  await env.DB.prepare('DELETE FROM marketing_calls').run();
});

describe('the customer-marketing tool', () => {
  it('hears «successful authentication» after sign-up and after each sign-in, with ids only', async () => {
    const me = await signUp(new Browser(), messages, 'olga@mail.ru', PASSWORD);
    expect((await settle(1, me.accountId)).map((c) => c.operation)).toEqual(['authenticated']);
    const browser = new Browser('198.51.100.7');
    const res = await browser.post('/auth/email/sign_in/', {
      email: 'olga@mail.ru',
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    const calls = await settle(2, me.accountId);
    expect(calls.map((c) => c.operation)).toEqual(['authenticated', 'authenticated']);
    expect(calls[1]!.customer).toEqual({
      accountId: String(me.accountId),
      profileId: String(me.userId),
      billingId: me.billingId,
      isKid: false,
    });
    expect(JSON.stringify(calls)).not.toContain('olga@mail.ru');
  });

  it('hears «authorised customer opened site» once per session and day, not for guests or API calls', async () => {
    await new Browser().fetch('/');
    const me = await signUp(new Browser(), messages, 'pavel@mail.ru', PASSWORD);
    const browser = new Browser('198.51.100.8');
    await browser.post('/auth/email/sign_in/', { email: 'pavel@mail.ru', password: PASSWORD });
    await settle(2, me.accountId);
    await browser.fetch('/series');
    expect(browser.cookies.get('mk_opened')).toMatch(/^\d{4}-\d{2}-\d{2}\.\d+$/);
    await browser.fetch('/movies');
    await browser.fetch('/cms/content/series/');
    // A browser that keeps no cookie of ours still makes one call a day for its session.
    browser.cookies.delete('mk_opened');
    await browser.fetch('/faq');
    const calls = await settle(3, me.accountId);
    expect(calls.map((c) => c.operation)).toEqual([
      'authenticated',
      'authenticated',
      'opened_site',
    ]);
  });

  it('hears «opened site» from a second account signed in on the same browser the same day', async () => {
    const first = await signUp(new Browser(), messages, 'vera@mail.ru', PASSWORD);
    const second = await signUp(new Browser(), messages, 'gleb@mail.ru', PASSWORD);
    const browser = new Browser('198.51.100.10');
    await browser.post('/auth/email/sign_in/', { email: 'vera@mail.ru', password: PASSWORD });
    await browser.fetch('/series');
    await settle(3, first.accountId);
    await browser.post('/auth/logout/', {});
    await browser.post('/auth/email/sign_in/', { email: 'gleb@mail.ru', password: PASSWORD });
    await browser.fetch('/series');
    const calls = await settle(3, second.accountId);
    expect(calls.map((c) => c.operation)).toEqual([
      'authenticated',
      'authenticated',
      'opened_site',
    ]);
  });

  it('never holds sign-in up or fails it when the tool is down', async () => {
    await signUp(new Browser(), messages, 'nina@mail.ru', PASSWORD);
    const res = await callWithVars(
      { MARKETING_PROVIDER: 'http', MARKETING_API_URL: 'http://127.0.0.1:9/customer' },
      '/auth/email/sign_in/',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.9' },
        body: JSON.stringify({ email: 'nina@mail.ru', password: PASSWORD }),
      },
    );
    expect(res.status).toBe(200);
  });
});
