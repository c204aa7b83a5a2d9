import { env } from 'cloudflare:workers';
import { resetAccounts } from '../auth/test-support.ts';
import { loadCatalogueFixture } from '../catalogue/test-fixtures.ts';
import { loadBillingFixture } from './test-fixtures.ts';

/**
 * A clean slate for the payment tests: no accounts, the catalogue and billing fixtures, and no
 * sandbox payments, messages or rights left from an earlier test.
 */
export async function freshPaymentsState() {
  await resetAccounts();
  await loadCatalogueFixture();
  await loadBillingFixture();
  await env.DB.batch(
    [
      'sandbox_refunds',
      'sandbox_receipts',
      'sandbox_payments',
      'outbox_messages',
      'entitlements',
    ].map((t) => env.DB.prepare(`DELETE FROM ${t}`)),
  );
}
