import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { call } from '../../test-helpers.ts';

/**
 * The sandbox's API v3 as a shop's server calls it (Basic auth, no browser headers): YooKassa's
 * objects and its error format (tests/e2e/yookassa-client.spec.ts drives it with a client from npm).
 */

const BASIC = `Basic ${btoa('sandbox-shop:sandbox-secret-key')}`;

const api = (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
  exports.default.fetch(
    new Request(`http://localhost:8787/dev/yookassa/v3${path}`, {
      method: init.method ?? 'GET',
      headers: {
        authorization: BASIC,
        'content-type': 'application/json',
        ...(init.key && { 'idempotence-key': init.key }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }),
  );

const receipt = (value: string) => ({
  customer: { email: 'payer@example.com' },
  tax_system_code: 1,
  items: [
    {
      description: 'Подписка',
      quantity: '1.00',
      amount: { value, currency: 'RUB' },
      vat_code: 11,
      payment_mode: 'full_payment',
      payment_subject: 'service',
    },
  ],
});

async function paidPayment() {
  const created = (await (
    await api('/payments', {
      method: 'POST',
      key: crypto.randomUUID(),
      body: {
        amount: { value: '599.00', currency: 'RUB' },
        capture: true,
        payment_method_data: { type: 'bank_card' },
        confirmation: { type: 'redirect', return_url: 'http://localhost:8787/' },
        receipt: receipt('599.00'),
      },
    })
  ).json()) as { id: string };
  const form = new URLSearchParams({ number: '5555555555554477', expiry: '12/30', cvc: '123' });
  const paid = await call(`/dev/yookassa/checkout/${created.id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  return created.id;
}

describe('the sandbox acquirer’s API v3', () => {
  it('answers a paid payment with the fields YooKassa sends', async () => {
    const id = await paidPayment();
    const payment = await (await api(`/payments/${id}`)).json();
    expect(payment).toMatchObject({
      status: 'succeeded',
      paid: true,
      test: true,
      refundable: true,
      recipient: { account_id: 'sandbox-shop', gateway_id: expect.any(String) },
      income_amount: { value: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'RUB' },
      captured_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      payment_method: { card: { first6: '555555', last4: '4477' } },
    });
    const receipts = (await (await api(`/receipts?payment_id=${id}`)).json()) as {
      items: Record<string, unknown>[];
    };
    expect(receipts.items).toEqual([
      expect.objectContaining({
        type: 'payment',
        items: receipt('599.00').items,
        settlements: [{ type: 'cashless', amount: { value: '599.00', currency: 'RUB' } }],
      }),
    ]);
  });

  it('lists payments, refuses capture and unknown paths in YooKassa’s error format', async () => {
    const id = await paidPayment();
    const list = (await (await api('/payments?status=succeeded&limit=100')).json()) as {
      type: string;
      items: { id: string }[];
    };
    expect(list.type).toBe('list');
    expect(list.items.map((p) => p.id)).toContain(id);
    const page = (await (await api('/payments?limit=1')).json()) as { next_cursor?: string };
    expect(page.next_cursor).toMatch(/^\d+:/);

    for (const [res, status, code] of [
      [
        await api(`/payments/${id}/capture`, { method: 'POST', key: 'c1', body: {} }),
        400,
        'invalid_request',
      ],
      [await api('/payments?limit=1000'), 400, 'invalid_request'],
      [await api('/webhooks'), 404, 'not_found'],
      [await api('/refunds/none'), 404, 'not_found'],
    ] as const) {
      expect(res.status).toBe(status);
      expect(await res.json()).toMatchObject({ type: 'error', id: expect.any(String), code });
    }
  });

  it('refunds within what was paid, once per Idempotence-Key', async () => {
    const id = await paidPayment();
    const refund = (amount: string, key: string = crypto.randomUUID()) =>
      api('/refunds', {
        method: 'POST',
        key,
        body: {
          payment_id: id,
          amount: { value: amount, currency: 'RUB' },
          receipt: receipt(amount),
        },
      });
    const part = await refund('100.00', 'part-1');
    expect(part.status).toBe(200);
    const first = (await part.json()) as { id: string };
    expect(((await (await refund('100.00', 'part-1')).json()) as { id: string }).id).toBe(first.id);
    const over = await refund('500.00');
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({
      type: 'error',
      code: 'invalid_request',
      parameter: 'amount.value',
    });
    expect((await refund('499.00')).status).toBe(200);
    expect(await (await api(`/payments/${id}`)).json()).toMatchObject({
      refundable: false,
      refunded_amount: { value: '599.00' },
    });
  });
});
