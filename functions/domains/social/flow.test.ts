import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClientFacts } from '../../lib/app-env.ts';
import { cookieHeader } from '../../lib/cookies.ts';
import { deviceFacts, deviceOf } from '../../lib/device.ts';
import { GUEST } from '../../lib/session-token.ts';
import type { CookieToSet } from '../../shared/cookies.ts';
import { Browser, resetAccounts } from '../auth/test-support.ts';
import { checkFlow, startFlow } from './flow.ts';

/** The social flow's services answer the cookies the routes set: the state's, then a session's. */

const client: ClientFacts = {
  ip: '203.0.113.40',
  device: deviceFacts(deviceOf(null), 'device-2', 'RU'),
  sessionCookie: undefined,
  trustedDeviceCookie: undefined,
  secure: true,
};
const guest = { session: GUEST };
const lines = (cookies: CookieToSet[]) =>
  cookies.map((cookie) => cookieHeader(cookie).replace(/^([^=]+)=[^;]+/, '$1=…'));
const SPENT = 'social_state=; Max-Age=0; Path=/auth/socials; HttpOnly; Secure; SameSite=Lax';

/** The local provider's consent for its first preset user: answers the check URL's query. */
async function consent(authorizeUrl: string): Promise<Record<string, string>> {
  const url = new URL(authorizeUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('user', '0');
  form.set('decision', 'allow');
  const chosen = await new Browser().fetch(url.pathname, {
    method: 'POST',
    body: form,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:8787',
    },
  });
  expect(chosen.status).toBe(302);
  return Object.fromEntries(new URL(chosen.headers.get('location')!).searchParams);
}

beforeEach(async () => {
  await resetAccounts();
  await env.DB.batch(
    ['social_links', 'oauth_states', 'dev_oauth_grants'].map((t) =>
      env.DB.prepare(`DELETE FROM ${t}`),
    ),
  );
});

describe('the cookies of a social sign-in', () => {
  it('the start answers the state cookie; the check clears it and answers the session’s', async () => {
    const started = await startFlow(client, 'ya', { purpose: 'sign_in', backPath: '/series' });
    expect(lines(started.cookies)).toEqual([
      'social_state=…; Max-Age=600; Path=/auth/socials; HttpOnly; Secure; SameSite=Lax',
    ]);
    const query = await consent(started.answer);
    const stateCookie = started.cookies[0]!.value;
    const checked = await checkFlow('ya', { query, stateCookie, client, edge: guest });
    expect(checked.answer).toBe('/series');
    expect(lines(checked.cookies)).toEqual([
      SPENT,
      'session=…; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=Lax',
      'token=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
      'account_id=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
      'user_id=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
      'billing_id=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
      'is_kid=…; Max-Age=31536000; Path=/; Secure; SameSite=Lax',
    ]);
  });

  it('a check without this browser’s state only clears the cookie and points at the error popup', async () => {
    const started = await startFlow(client, 'ya', { purpose: 'sign_in', backPath: '/' });
    const query = await consent(started.answer);
    const checked = await checkFlow('ya', { query, stateCookie: undefined, client, edge: guest });
    expect(checked).toEqual({
      answer: '/auth?socialError=state_invalid&social=ya',
      cookies: [
        {
          name: 'social_state',
          value: '',
          options: {
            path: '/auth/socials',
            httpOnly: true,
            sameSite: 'Lax',
            secure: true,
            maxAge: 0,
          },
        },
      ],
    });
    expect(lines(checked.cookies)).toEqual([SPENT]);
  });
});
