import { YooCheckout } from '@a2seven/yoo-checkout';
import { expect, test } from '@playwright/test';

/**
 * The sandbox acquirer driven over HTTP by a YooKassa client from npm (`@a2seven/yoo-checkout`):
 * a shop's server calls with Basic auth and no browser headers, and reads YooKassa's objects and
 * errors, so the shapes our adapter (functions/domains/billing/orders/yookassa.ts) writes and
 * reads are checked against a client written elsewhere. No browser: the payer's card page is
 * posted as its form would be.
 */

const SHOP = { shopId: 'sandbox-shop', secretKey: 'sandbox-secret-key' };
const OK_CARD = '5555555555554477';

/** The client, pointed at the sandbox instead of api.yookassa.ru (its root is otherwise fixed). */
function sandboxClient(baseURL: string) {
  const client = new YooCheckout(SHOP);
  Object.assign(client, { root: `${baseURL}/dev/yookassa/v3` });
  return client;
}

/** YooKassa's error object, as the client rejects with it (axios's response body). */
async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { response?: { status: number; data: Record<string, unknown> } } | null;
  expect(error, 'the call was refused').not.toBeNull();
  return { status: error!.response?.status, ...error!.response?.data };
}

const receipt = (value: string) => ({
  customer: { email: 'payer@example.com' },
  tax_system_code: 1,
  items: [
    {
      description: 'Подписка «Амедиатека», 1 месяц',
      quantity: '1.00',
      amount: { value, currency: 'RUB' },
      vat_code: 11,
      payment_mode: 'full_payment' as const,
      payment_subject: 'service' as const,
    },
  ],
});

test('a YooKassa client from npm pays, lists, refunds and reads receipts in the sandbox', async ({
  request,
  baseURL,
}) => {
  const client = sandboxClient(baseURL!);
  const created = await client.createPayment(
    {
      amount: { value: '599.00', currency: 'RUB' },
      description: 'Подписка «Амедиатека», 1 месяц',
      capture: true,
      payment_method_data: { type: 'bank_card' },
      confirmation: { type: 'redirect', return_url: `${baseURL}/payment/redirect` },
      metadata: { orderId: `client-${Date.now()}` },
      receipt: receipt('599.00'),
    },
    crypto.randomUUID(),
  );
  expect(created).toMatchObject({ status: 'pending', paid: false, test: true, refundable: false });
  expect(created.confirmation.confirmation_url).toContain('/dev/yookassa/checkout/');

  // The payer's browser on the acquirer's card page.
  const paid = await request.post(created.confirmation.confirmation_url!, {
    headers: { origin: baseURL! },
    form: { number: OK_CARD, expiry: '12/30', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);

  const payment = await client.getPayment(created.id);
  expect(payment).toMatchObject({
    status: 'succeeded',
    paid: true,
    test: true,
    refundable: true,
    amount: { value: '599.00', currency: 'RUB' },
    recipient: { account_id: SHOP.shopId },
    payment_method: { type: 'bank_card', card: { first6: '555555', last4: '4477' } },
  });
  expect(Number(payment.income_amount.value)).toBeLessThan(599);
  expect(Date.parse(payment.captured_at)).toBeGreaterThan(0);

  const list = await client.getPaymentList({ status: 'succeeded', limit: 100 });
  expect(list.items.map((p) => p.id)).toContain(created.id);

  // Captured when paid: capture is YooKassa's refusal, in its error format.
  expect(
    await refusal(client.capturePayment(created.id, { amount: payment.amount })),
  ).toMatchObject({
    status: 400,
    type: 'error',
    code: 'invalid_request',
  });
  // More than was paid, and no receipt for a shop that registers them: refused, nothing returned.
  expect(
    await refusal(
      client.createRefund({
        payment_id: created.id,
        amount: { value: '600.00', currency: 'RUB' },
        receipt: receipt('600.00'),
      }),
    ),
  ).toMatchObject({
    status: 400,
    type: 'error',
    code: 'invalid_request',
    parameter: 'amount.value',
  });
  expect(
    await refusal(client.createRefund({ payment_id: created.id, amount: payment.amount })),
  ).toMatchObject({ status: 400, type: 'error', code: 'invalid_request', parameter: 'receipt' });

  const key = crypto.randomUUID();
  const refund = await client.createRefund(
    { payment_id: created.id, amount: payment.amount, receipt: receipt('599.00') },
    key,
  );
  expect(refund).toMatchObject({
    payment_id: created.id,
    status: 'succeeded',
    amount: payment.amount,
  });
  // The same key is the same refund; the refund reads back.
  const again = await client.createRefund(
    { payment_id: created.id, amount: payment.amount, receipt: receipt('599.00') },
    key,
  );
  expect(again.id).toBe(refund.id);
  expect((await client.getRefund(refund.id)).status).toBe('succeeded');
  expect(await client.getPayment(created.id)).toMatchObject({
    refundable: false,
    refunded_amount: { value: '599.00', currency: 'RUB' },
  });

  const receipts = await client.getReceiptList({ payment_id: created.id });
  expect(receipts.items.map((r) => r.type).sort()).toEqual(['payment', 'refund']);
  for (const r of receipts.items) {
    expect(r).toMatchObject({
      status: 'succeeded',
      items: [{ amount: { value: '599.00' }, vat_code: 11, payment_subject: 'service' }],
      settlements: [{ type: 'cashless', amount: { value: '599.00', currency: 'RUB' } }],
    });
    expect(r.fiscal_attribute).toMatch(/^\d+$/);
  }

  // Unknown things and wrong keys, in YooKassa's words.
  expect(await refusal(client.getPayment('no-such-payment'))).toMatchObject({
    status: 404,
    type: 'error',
    code: 'not_found',
  });
  const stranger = sandboxClient(baseURL!);
  Object.assign(stranger, { secretKey: 'wrong' });
  expect(await refusal(stranger.getPaymentList())).toMatchObject({
    status: 401,
    type: 'error',
    code: 'invalid_credentials',
  });
});
