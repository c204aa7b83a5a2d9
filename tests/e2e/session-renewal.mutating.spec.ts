import { createHash, randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { d1 } from './support/d1.ts';

// Changes D1 rows (an account and its session); runs in the "alone" project.
test.describe.configure({ mode: 'serial' });

/** An account with a live device session, written straight into D1; answers the cookie value. */
async function seedSession(request: APIRequestContext, accountId: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  const secretHash = createHash('sha256').update(secret).digest('base64url');
  await d1(
    request,
    `INSERT INTO accounts (id, email, billing_id) VALUES (${accountId}, 'e2e-${accountId}@example.com', 'e2e-billing-${accountId}') ON CONFLICT DO NOTHING`,
    `INSERT INTO profiles (id, account_id, name) VALUES (${accountId}, ${accountId}, 'Основной') ON CONFLICT DO NOTHING`,
    `INSERT INTO sessions (id, account_id, user_id, secret_hash, token_hash, created_at, last_seen_at, expires_at) VALUES ('${id}', ${accountId}, ${accountId}, '${secretHash}', 'e2e', unixepoch(), unixepoch(), unixepoch() + 3600)`,
  );
  return `${id}.${secret}`;
}

test('a browser holding only the HttpOnly session cookie renders signed in and receives a fresh token', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    {
      name: 'session',
      value: await seedSession(context.request, 9001),
      url: baseURL!,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Войти', exact: true })).toHaveCount(0);
  const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
  expect(cookies.token?.value).toMatch(/^eyJ/);
  expect(cookies.account_id?.value).toBe('9001');
  expect(cookies.session?.httpOnly).toBe(true);
  // The page's scripts see the token and ids, never the credential.
  const visible = await page.evaluate(() => document.cookie);
  expect(visible).toContain('token=');
  expect(visible).not.toContain('session=');
});

test('logging out from the page ends the session: the next view is a guest even with the old token', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    {
      name: 'session',
      value: await seedSession(context.request, 9002),
      url: baseURL!,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await page.goto('/');
  const token = (await context.cookies()).find((c) => c.name === 'token')!.value;
  const status = await page.evaluate(
    async () => (await fetch('/auth/logout/', { method: 'POST' })).status,
  );
  expect(status).toBe(200);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('session');
  await page.reload();
  await expect(page.getByRole('link', { name: 'Войти', exact: true })).toBeVisible();
  // The old access token no longer opens the account.
  const account = await page.evaluate(
    async (t) =>
      (await fetch('/auth/account/', { headers: { authorization: `Bearer ${t}` } })).status,
    token,
  );
  expect(account).toBe(401);
});

test('another site cannot log the viewer out: its cross-site form post is refused and changes nothing', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([
    {
      name: 'session',
      value: await seedSession(context.request, 9003),
      url: baseURL!,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
  await page.goto('/');
  // evil.localhost reaches this machine but is another site for the browser; the page is the attacker's.
  const evil = baseURL!.replace('localhost', 'evil.localhost');
  await page.route(`${evil}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${baseURL}/auth/logout/"></form><script>document.forms[0].submit()</script>`,
    }),
  );
  await page.goto(`${evil}/attack`);
  await page.waitForURL(`${baseURL}/auth/logout/`);
  expect(JSON.parse((await page.textContent('body'))!)).toEqual({
    message: 'Запрос отклонён: он пришёл не с нашего сайта',
    details: { reason: 'csrf' },
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Войти', exact: true })).toHaveCount(0);
  expect(await page.evaluate(async () => (await fetch('/auth/account/')).status)).toBe(200);
});
