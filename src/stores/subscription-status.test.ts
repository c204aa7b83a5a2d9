import { env } from 'cloudflare:workers';
import { cleanStores } from 'nanostores';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Browser } from '../../functions/domains/auth/test-support.ts';
import { loadBillingFixture } from '../../functions/domains/billing/test-fixtures.ts';
import { loadCatalogueFixture } from '../../functions/domains/catalogue/test-fixtures.ts';
import { grantStatements } from '../../functions/domains/grants/index.ts';
import { resetAll, signedUp } from '../../functions/domains/parental/test-support.ts';
import { $subscriptionStatus, loadSubscriptionStatus } from './subscription-status.ts';
import { clientOf } from './test-support.ts';

const now = () => Math.floor(Date.now() / 1000);

describe('the subscription status', () => {
  beforeAll(async () => {
    await resetAll();
    await loadCatalogueFixture();
    await loadBillingFixture();
  });
  afterEach(() => cleanStores($subscriptionStatus));

  it('is NoSubscription without purchases, Subscription once subscribed', async () => {
    const viewer = await signedUp('status-store@example.ru', '198.51.100.91');
    expect(await loadSubscriptionStatus(clientOf(viewer.browser))).toBe('NoSubscription');
    await env.DB.batch(
      grantStatements(env.DB, {
        accountId: viewer.accountId,
        tariff: {
          tariffId: 1,
          productId: 1,
          buyType: 'SVOD',
          priceId: 1,
          days: 30,
          rentalStartSeconds: null,
        },
        titleId: null,
        source: 'payment',
        grantKey: 'order:store-status',
        paymentMethodId: null,
        now: now(),
      }),
    );
    expect(await loadSubscriptionStatus(clientOf(viewer.browser))).toBe('Subscription');
    expect($subscriptionStatus.get()).toBe('Subscription');
  });

  it('is Unknown when the purchases cannot be read', async () => {
    expect(await loadSubscriptionStatus(clientOf(new Browser('198.51.100.92')))).toBe('Unknown');
  });
});
