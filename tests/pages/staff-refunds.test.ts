import { expect, it } from 'vitest';
import { STAFF_DEMO } from '../../functions/db/seed/staff.ts';
import { Visitor, words } from './support/visitor.ts';

const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

/** A new viewer's monthly subscription, paid with the sandbox's test card. */
async function paidSubscription(viewer: Visitor) {
  await viewer.signUp();
  const placed = await viewer.post('/billing/checkout/', {
    tariffId: 1,
    priceId: 1,
    method: 'bank_card',
    recurringConsent: false,
    clientKey: crypto.randomUUID(),
  });
  expect(placed.status, await placed.clone().text()).toBe(200);
  const { orderId, confirmation } = (await placed.json()) as {
    orderId: string;
    confirmation: { url: string };
  };
  const card = { number: '5555555555554477', expiry: '12/30', cvc: '123' };
  expect((await viewer.fetch(new URL(confirmation.url).pathname, form(card))).status).toBe(303);
  const order = await (await viewer.fetch(`/billing/orders/${orderId}/`)).json();
  expect(order).toMatchObject({ status: 'succeeded' });
  return orderId;
}

it('staff refund a paid order from /staff/refunds once; the viewer’s history shows it', async () => {
  const viewer = new Visitor();
  const orderId = await paidSubscription(viewer);
  // Nobody but staff finds the page, the payer included.
  expect((await new Visitor().open('/staff/refunds')).status).toBe(404);
  expect((await viewer.open(`/staff/refunds?order=${orderId}`)).status).toBe(404);
  expect((await viewer.fetch('/staff/refunds', form({ orderId }))).status).toBe(404);

  const staff = new Visitor();
  await staff.post('/auth/email/sign_in/', {
    email: STAFF_DEMO.email,
    password: STAFF_DEMO.password,
  });
  const found = await staff.open(`/staff/refunds?order=${orderId}`);
  expect(found.status).toBe(200);
  expect(found.headers.get('cache-control')).toContain('no-store');
  const button = found.document.querySelector('.refunds__order form button');
  expect(words(button)).toBe('Вернуть 599 ₽');

  // A double click: two posts of the same form, one refund.
  const [first, second] = await Promise.all([
    staff.fetch('/staff/refunds', form({ orderId })),
    staff.fetch('/staff/refunds', form({ orderId })),
  ]);
  for (const res of [first, second]) {
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/staff/refunds?order=${orderId}`);
  }
  const after = await staff.open(`/staff/refunds?order=${orderId}`);
  expect(words(after.document.querySelector('[data-refunded]'))).toMatch(/^Возвращён \d/);
  expect(after.document.querySelector('.refunds__order form')).toBeNull();

  const history = await viewer.open('/payment-history');
  const row = history.document.querySelector(`tr[data-order="${orderId}"]`);
  // The cell carries its label for phones (`.history__label`, hidden on wide screens).
  expect(words(row?.querySelector('[data-status="refunded"]'))).toMatch(/Возвращён \d/);
  const links = [...(row?.querySelectorAll('a') ?? [])].map((a) => words(a));
  expect(links).toEqual(['Чек', 'Чек возврата']);
  const receipts = await (await viewer.fetch('/billing/visitor-payments/')).json();
  expect(
    (receipts as { results: { orderId: string; refundedAt: number | null }[] }).results.filter(
      (r) => r.orderId === orderId && r.refundedAt,
    ),
  ).toHaveLength(1);
});

it('an order that does not exist is refused on the page with the reason', async () => {
  const staff = new Visitor();
  await staff.post('/auth/email/sign_in/', {
    email: STAFF_DEMO.email,
    password: STAFF_DEMO.password,
  });
  const missing = await staff.fetch('/staff/refunds', form({ orderId: 'no-such-order' }));
  expect(missing.status).toBe(404);
  const page = await staff.open('/staff/refunds?order=no-such-order');
  expect(words(page.document.querySelector('[role="alert"]'))).toBe('Заказ не найден');
});

it('staff whose session has ended find no page, though their token has not expired', async () => {
  const viewer = new Visitor();
  const orderId = await paidSubscription(viewer);
  const staff = new Visitor();
  await staff.post('/auth/email/sign_in/', {
    email: STAFF_DEMO.email,
    password: STAFF_DEMO.password,
  });
  expect((await staff.open(`/staff/refunds?order=${orderId}`)).status).toBe(200);
  const token = staff.cookies.get('token')!;
  expect((await staff.fetch('/auth/logout/', { method: 'POST' })).status).toBe(200);
  // The access token kept (within its 15 minutes), the session behind it ended.
  staff.cookies.set('token', token);
  expect((await staff.open(`/staff/refunds?order=${orderId}`)).status).toBe(404);
  expect((await staff.fetch('/staff/refunds', form({ orderId }))).status).toBe(404);
  const history = await (await viewer.fetch('/billing/visitor-payments/')).json();
  expect(
    (history as { results: { orderId: string; refundedAt: number | null }[] }).results.find(
      (r) => r.orderId === orderId,
    )?.refundedAt,
  ).toBeNull();
});
