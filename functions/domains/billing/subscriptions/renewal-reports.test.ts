import { env, withEnv } from 'cloudflare:workers';
import { beforeEach, expect, it } from 'vitest';
import { call, eventually } from '../../../test-helpers.ts';
import { Browser, recordMessages, signUp } from '../../auth/test-support.ts';
import { runRenewals } from '../index.ts';
import { freshPaymentsState } from '../test-support.ts';

const DAY = 86_400;
/** The local receiver on this Worker's own origin (README «Errors and logs»). */
const LOCAL_DSN = 'http://publickey@localhost:8787/dev/api/sentry/1';

beforeEach(async () => {
  await freshPaymentsState();
  await env.DB.exec('DELETE FROM error_reports');
});

/** A viewer subscribed monthly with a saved card, through the sandbox's card page. */
async function subscribed(email: string) {
  const b = new Browser();
  await signUp(b, recordMessages(), email);
  const res = await b.post('/billing/checkout/', {
    tariffId: 1,
    priceId: 1,
    method: 'bank_card',
    recurringConsent: true,
    clientKey: `renewal-reports-${Date.now()}`,
  });
  const placed = (await res.json()) as { orderId: string; confirmation: { url: string } };
  await b.fetch(placed.confirmation.url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'number=5555555555554477&expiry=12%2F30&cvc=123&action=pay',
  });
  await b.fetch(`/billing/orders/${placed.orderId}/`);
  return (await env.DB.prepare('SELECT granted_till AS till FROM subscriptions').first<{
    till: number;
  }>())!;
}

it('a renewal the acquirer refuses is reported to Sentry as a subscription failure, without the buyer', async () => {
  const email = `reported-${Date.now()}@example.com`;
  const sub = await subscribed(email);
  await env.DB.prepare("UPDATE payment_methods SET provider_method_id = 'revoked-method'").run();
  await withEnv({ ...env, SENTRY_DSN: LOCAL_DSN }, () => runRenewals(sub.till - DAY + 60));

  // The report is sent in the background of the job (waitUntil): ask until the receiver has it.
  type Reports = { title: string; items: { tags?: Record<string, string> }[] }[];
  const reports = await eventually('the renewal failure report', async () => {
    const res = await call('/dev/api/sentry/?kind=event');
    const { results } = (await res.json()) as { results: Reports };
    return results.length > 0 && results;
  });
  expect(reports.map((r) => r.items[1]?.tags?.failure)).toContain('subscription_payment');
  expect(JSON.stringify(reports)).not.toContain(email);
});
