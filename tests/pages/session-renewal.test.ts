import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { link } from './support/html-form.ts';
import { Visitor } from './support/visitor.ts';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const random = (n: number) => base64url(crypto.getRandomValues(new Uint8Array(n)));

/** An account with a live device session, written straight into D1; answers the cookie value. */
async function seedSession(): Promise<{ accountId: number; cookie: string }> {
  const name = crypto.randomUUID().slice(0, 8);
  const account = await env.DB.prepare(
    'INSERT INTO accounts (email, billing_id) VALUES (?, ?) RETURNING id',
  )
    .bind(`pages-${name}@example.com`, `pages-billing-${name}`)
    .first<{ id: number }>();
  const profile = await env.DB.prepare(
    "INSERT INTO profiles (account_id, name) VALUES (?, 'Основной') RETURNING id",
  )
    .bind(account!.id)
    .first<{ id: number }>();
  const id = random(16);
  const secret = random(32);
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret)),
  );
  await env.DB.prepare(
    "INSERT INTO sessions (id, account_id, user_id, secret_hash, token_hash, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, 'pages', unixepoch(), unixepoch(), unixepoch() + 3600)",
  )
    .bind(id, account!.id, profile!.id, base64url(digest))
    .run();
  return { accountId: account!.id, cookie: `${id}.${secret}` };
}

/** A browser holding only the HttpOnly session cookie of a seeded session. */
async function holdingSession(): Promise<{ visitor: Visitor; accountId: number }> {
  const { accountId, cookie } = await seedSession();
  const visitor = new Visitor();
  visitor.cookies.set('session', cookie);
  return { visitor, accountId };
}

const signInLinks = (document: Document) => (link(document, 'Войти') ? 1 : 0);

it('a browser holding only the HttpOnly session cookie renders signed in and receives a fresh token', async () => {
  const { visitor, accountId } = await holdingSession();
  const page = await visitor.open('/');
  expect(signInLinks(page.document)).toBe(0);
  const set = new Map(
    page.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line]),
  );
  expect(visitor.cookies.get('token')).toMatch(/^eyJ/);
  expect(visitor.cookies.get('account_id')).toBe(String(accountId));
  // The page's scripts see the token and ids, never the credential.
  expect(set.get('token')).not.toMatch(/;\s*HttpOnly/i);
  expect(set.get('account_id')).not.toMatch(/;\s*HttpOnly/i);
  if (set.has('session')) expect(set.get('session')).toMatch(/;\s*HttpOnly/i);
});

it('logging out from the page ends the session: the next view is a guest even with the old token', async () => {
  const { visitor } = await holdingSession();
  await visitor.open('/');
  const token = visitor.cookies.get('token')!;
  expect((await visitor.fetch('/auth/logout/', { method: 'POST' })).status).toBe(200);
  expect([...visitor.cookies.keys()]).not.toContain('session');
  const page = await visitor.open('/');
  expect(signInLinks(page.document)).toBe(1);
  // The old access token no longer opens the account.
  const account = await visitor.fetch('/auth/account/', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(account.status).toBe(401);
});

it('another site cannot log the viewer out: its cross-site form post is refused and changes nothing', async () => {
  const { visitor } = await holdingSession();
  await visitor.open('/');
  // A form on evil.localhost, another site for the browser, posting to our logout.
  const attack = await visitor.fetch('/auth/logout/', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://evil.localhost:8787',
      'sec-fetch-site': 'cross-site',
    },
    body: '',
  });
  expect(await attack.json()).toEqual({
    message: 'Запрос отклонён: он пришёл не с нашего сайта',
    details: { reason: 'csrf' },
  });
  const page = await visitor.open('/');
  expect(signInLinks(page.document)).toBe(0);
  expect((await visitor.fetch('/auth/account/')).status).toBe(200);
});
