import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, signUp } from '../../auth/test-support.ts';

import { freshPaymentsState } from '../test-support.ts';

const OK_CARD = '5555555555554477';
let n = 0;

async function viewer() {
  const b = new Browser();
  const email = `fiscal${++n}-${Date.now()}@example.com`;
  await signUp(b, recordMessages(), email);
  return { b, email };
}

const checkout = (b: Browser) =>
  b.post('/billing/checkout/', {
    tariffId: 1,
    priceId: 1,
    method: 'bank_card',
    recurringConsent: false,
    clientKey: `fiscal-${++n}`,
  });

beforeEach(async () => {
  await freshPaymentsState();
});

describe('54-FZ receipts sent to the acquirer', () => {
  it('name a phone-only buyer by phone, and the payment goes through', async () => {
    const { b, email } = await viewer();
    // An account that has a phone and no e-mail (phone sign-in).
    await env.DB.prepare("UPDATE accounts SET email = NULL, phone = '+79161234567' WHERE email = ?")
      .bind(email)
      .run();
    const res = await checkout(b);
    expect(res.status, await res.clone().text()).toBe(200);
    const placed = (await res.json()) as { orderId: string; confirmation: { url: string } };
    await b.fetch(placed.confirmation.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `number=${OK_CARD}&expiry=12%2F30&cvc=123&action=pay`,
    });
    expect(
      ((await (await b.fetch(`/billing/orders/${placed.orderId}/`)).json()) as { status: string })
        .status,
    ).toBe('succeeded');
    expect(
      await env.DB.prepare('SELECT customer_contact AS c FROM receipts WHERE order_id = ?')
        .bind(placed.orderId)
        .first('c'),
    ).toBe('+79161234567');
  });

  it('refuse a VAT rate YooKassa has no code for instead of declaring no VAT', async () => {
    const { b } = await viewer();
    await env.DB.prepare('UPDATE tariff_prices SET vat_rate = 18 WHERE id = 1').run();
    const res = await checkout(b);
    expect(res.status).not.toBe(200);
    expect(await env.DB.prepare('SELECT count(*) AS n FROM sandbox_payments').first('n')).toBe(0);
  });
});
