import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { d1 } from './support/d1.ts';

/**
 * The account's billing pages in a browser: the retention offer from the keyboard, and every
 * billing page through axe at two widths. What the pages render and what their plain forms do is
 * in tests/pages/subscription.test.ts. Subscriptions are written out of band
 * (tests/e2e/support/d1.ts) as the payment flow would leave them.
 */
test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.73' } });

const PASSWORD = 'correct horse 1';
const DAY = 86_400;
/** A pattern whose spaces match any space: the pages are typeset with no-break spaces. */
const words = (source: string) => new RegExp(source.replace(/ /g, '\\s'));
const account = (email: string) => `(SELECT id FROM accounts WHERE email = '${email}')`;

/** A paid monthly «Амедиатека» subscription renewing from a saved sandbox Visa, as PAY leaves it. */
async function givenSubscription(request: APIRequestContext, email: string) {
  const now = Math.floor(Date.now() / 1000);
  const till = now + 20 * DAY;
  await d1(
    request,
    `INSERT INTO payment_methods (account_id, provider, provider_method_id, kind, title, card_last4, card_brand, expiry, created_at)
       VALUES (${account(email)}, 'sandbox', 'e2e-${email}', 'bank_card', 'Visa •••• 4242', '4242', 'Visa', '12/30', ${now})`,
    `INSERT INTO entitlements (account_id, product_id, kind, granted_at, expires_at, source)
       VALUES (${account(email)}, 1, 'subscription', ${now}, ${till}, 'payment')`,
    `INSERT INTO subscriptions (account_id, tariff_id, price_id, status, is_renew, payment_method_id, granted_till, next_charge_at, created_at, updated_at)
       VALUES (${account(email)}, 1, 1, 'active', 1,
         (SELECT id FROM payment_methods WHERE provider_method_id = 'e2e-${email}'), ${till}, ${till - DAY}, ${now}, ${now})`,
  );
}

async function subscriber(page: Page): Promise<string> {
  const email = `podpiska-${unique()}@example.ru`;
  await signUpByEmail(page, email, PASSWORD);
  await givenSubscription(page.request, email);
  await page.goto('/subscription');
  return email;
}

const card = (page: Page) => page.locator('[data-subscription]').filter({ hasText: 'Амедиатека' });

test('the retention offer’s «Получить скидку» has the focus, and Enter takes the discount', async ({
  page,
}) => {
  await subscriber(page);
  await card(page)
    .getByRole('button', { name: 'Отключить автопродление подписки «Амедиатека»' })
    .click();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: 'Получить скидку' }),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(words('Скидка получена'));
});

test('the billing pages have no WCAG 2.2 AA violations and reflow at 320 and 1440 px', async ({
  page,
}) => {
  test.slow();
  await signInByEmail(page, 'subscriber@demo.amediateka.example', 'smotrim-demo');
  await page.goto('/subscription');
  const first = await page.locator('[data-subscription]').first().getAttribute('data-subscription');
  for (const path of [
    '/subscription',
    `/subscription?retention=${first}`,
    '/settings/payments?receipt=demo-receipt-1',
    '/payment-history',
    '/settings/purchase',
    '/gifts',
  ]) {
    for (const width of [320, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await noViolations(page, `${path} at ${width} px`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${path} at ${width} px`,
      ).toBeLessThanOrEqual(width);
    }
  }
});
