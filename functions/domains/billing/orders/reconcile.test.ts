import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { callWithVars } from '../../../test-helpers.ts';
import { Browser, recordMessages, signUp } from '../../auth/test-support.ts';
import { reconcilePending } from '../index.ts';

import { freshPaymentsState } from '../test-support.ts';

const DAY = 86_400;
const OK_CARD = '5555555555554477';
const QUIET = { PAYMENT_SANDBOX_NOTIFY_MS: 'off' };

interface Placed {
  orderId: string;
  status: string;
  confirmation: { type: string; url: string } | null;
}

let n = 0;
const monthly = (extra: Record<string, unknown> = {}) => ({
  tariffId: 1,
  priceId: 1,
  method: 'bank_card',
  recurringConsent: false,
  clientKey: `reconcile-${Date.now()}-${++n}`,
  ...extra,
});

async function viewer() {
  const browser = new Browser();
  await signUp(browser, recordMessages(), `reconcile${++n}@example.com`);
  return browser;
}

async function checkout(b: Browser, body: Record<string, unknown>) {
  const res = await b.post('/billing/checkout/', body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Placed;
}

/** Pays on the sandbox's card page with its notifications off, and never comes back to the site. */
async function payAndCloseTab(placed: Placed, card = OK_CARD) {
  const res = await callWithVars(QUIET, new URL(placed.confirmation!.url).pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `number=${card}&expiry=12%2F30&cvc=123&action=pay`,
  });
  expect(res.status).toBe(303);
}

const value = async (q: string, ...values: unknown[]) =>
  (
    await env.DB.prepare(q)
      .bind(...values)
      .first<{ v: unknown }>()
  )?.v;

const now = () => Math.floor(Date.now() / 1000);

beforeEach(async () => {
  await freshPaymentsState();
});

describe('reconciling pending orders', () => {
  it('grants a paid order whose notification was lost, once it has waited five minutes', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly());
    await payAndCloseTab(placed);
    const status = () => value('SELECT status AS v FROM orders WHERE id = ?', placed.orderId);
    expect(await status()).toBe('pending');

    // Still in the payer's hands: left alone.
    await reconcilePending(now() + 60);
    expect(await status()).toBe('pending');

    await reconcilePending(now() + 6 * 60);
    expect(await status()).toBe('succeeded');
    expect(await value("SELECT count(*) AS v FROM entitlements WHERE kind = 'subscription'")).toBe(
      1,
    );
    expect(await value('SELECT count(*) AS v FROM payments')).toBe(1);
  });

  it('keeps reading every order although many unpaid ones wait at the acquirer', async () => {
    const b = await viewer();
    const abandoned = await Promise.all(Array.from({ length: 30 }, () => checkout(b, monthly())));
    const paid = await checkout(b, monthly());
    await payAndCloseTab(paid);
    // The paid order is the newest: the abandoned ones are older and come first in line.
    await env.DB.prepare(`UPDATE orders SET created_at = created_at - 60, updated_at = updated_at - 60
      WHERE id != ?`)
      .bind(paid.orderId)
      .run();
    const at = now() + 6 * 60;
    await reconcilePending(at);
    await reconcilePending(at + 15 * 60);
    expect(await value('SELECT status AS v FROM orders WHERE id = ?', paid.orderId)).toBe(
      'succeeded',
    );
    expect(await value("SELECT count(*) AS v FROM orders WHERE status = 'pending'")).toBe(
      abandoned.length,
    );
  });

  it('leaves orders older than a week alone', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly());
    await payAndCloseTab(placed);
    await reconcilePending(now() + 8 * DAY);
    expect(await value('SELECT status AS v FROM orders WHERE id = ?', placed.orderId)).toBe(
      'pending',
    );
  });

  it('fills in the fiscal data of a receipt registered before the fiscal operator answered', async () => {
    const b = await viewer();
    const placed = await checkout(b, monthly());
    await payAndCloseTab(placed);
    await reconcilePending(now() + 6 * 60);
    // As if the fiscal operator had not answered when the payment was recorded.
    await env.DB.prepare(
      `UPDATE receipts SET fiscal_storage = NULL, fiscal_document = NULL, fiscal_sign = NULL,
         body = json_set(body, '$.fiscal', json('{"storageNumber":null,"documentNumber":null,"sign":null}'))`,
    ).run();
    await reconcilePending(now() + 20 * 60);
    const row = await env.DB.prepare('SELECT * FROM receipts WHERE order_id = ?')
      .bind(placed.orderId)
      .first<Record<string, string>>();
    expect(row!.fiscal_sign).toMatch(/^\d{10}$/);
    expect(row!.fiscal_storage).toMatch(/^\d{16}$/);
    expect(JSON.parse(row!.body!).fiscal).toEqual({
      storageNumber: row!.fiscal_storage,
      documentNumber: row!.fiscal_document,
      sign: row!.fiscal_sign,
    });
  });
});

describe('the webhook in production over IPv6', () => {
  it('hears YooKassa’s IPv6 range and nothing beside it', async () => {
    const prod = {
      ENVIRONMENT: 'production',
      DEV_ROUTES: 'false',
      SITE_ORIGIN: 'https://a.example',
    };
    const from = (ip: string) =>
      callWithVars(prod, '/billing/notifications/yookassa/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({
          type: 'notification',
          event: 'payment.succeeded',
          object: { id: 'x' },
        }),
      });
    expect((await from('2a02:5180::1')).status).toBe(200);
    expect((await from('2a02:5180:0:1c::31')).status).toBe(200);
    expect((await from('2a02:5181::1')).status).toBe(403);
    expect((await from('2001:db8::1')).status).toBe(403);
    expect((await from('185.71.76.20')).status).toBe(200);
    expect((await from('185.71.76.40')).status).toBe(403);
  });
});
