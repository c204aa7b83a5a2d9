import { env } from 'cloudflare:workers';
import { Browser } from '../auth/test-support.ts';

/** What the watch API's tests share: its prefix, a subscription, a second browser, a play, a heartbeat. */

export const WATCH = '/cms/content_experience';
export const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const now = () => Math.floor(Date.now() / 1000);

/** Gives the account a subscription to `productId`, from a minute ago until `expiresAt`. */
export async function subscribe(
  accountId: number,
  productId: number,
  expiresAt = now() + 30 * 86_400,
) {
  await env.DB.prepare(
    "INSERT INTO entitlements (account_id, product_id, kind, granted_at, expires_at) VALUES (?, ?, 'subscription', ?, ?)",
  )
    .bind(accountId, productId, now() - 60, expiresAt)
    .run();
}

/** Signs the account in (password «correct horse 1») on a new browser at `ip`. */
export async function signIn(email: string, ip: string, ua = DESKTOP): Promise<Browser> {
  const browser = new Browser(ip);
  const res = await browser.fetch('/auth/email/sign_in/', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': ua },
    body: JSON.stringify({ email, password: 'correct horse 1' }),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return browser;
}

/** The watch answer of `path` (under WATCH), which must be a 200. */
export async function play<T>(browser: Browser, path: string): Promise<T> {
  const res = await browser.fetch(`${WATCH}${path}`);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The stream's heartbeat, as the player sends it. */
export const beat = (browser: Browser, id: string) =>
  browser.fetch(`${WATCH}/streams/${id}/heartbeat/`, { method: 'POST' });
