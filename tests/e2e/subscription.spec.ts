import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { d1 } from './support/d1.ts';

/**
 * The account's billing pages as a viewer uses them: renewal off with the retention offer taken
 * or declined, a removed card, the renter's rental, the demo subscriber's payments and receipt,
 * and gifts given and accepted. Subscriptions and gifts are written out of band (tests/e2e/support/d1.ts)
 * as the payment flow would leave them.
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

test('a subscriber turning renewal off is offered the retention discount first, and takes it', async ({
  page,
}) => {
  await subscriber(page);
  await expect(card(page)).toContainText(
    words('Продлится \\d{1,2} [а-я]+ \\d{4} с карты Visa •••• 4242'),
  );
  await expect(card(page)).toContainText(/до\s\d{1,2}\s[а-я]+\s\d{4}/);
  await card(page)
    .getByRole('button', { name: 'Отключить автопродление подписки «Амедиатека»' })
    .click();
  const offer = page.getByRole('dialog');
  await expect(offer).toContainText(words('Три месяца за полцены'));
  await expect(offer.getByRole('button', { name: /Отказаться от\sскидки/ })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Получить скидку' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(words('Скидка получена'));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card(page)).toContainText(/Продлится/);
  await expect(card(page)).toContainText(words('со скидкой: Три месяца за полцены'));
  // The offer is taken once: turning renewal off now does it at once.
  await card(page)
    .getByRole('button', { name: /Отключить автопродление/ })
    .click();
  await expect(page.getByRole('status')).toContainText(words('Автопродление отключено'));
});

test('declining the retention offer turns renewal off and leads to the unsubscribe poll', async ({
  page,
}) => {
  await subscriber(page);
  await card(page)
    .getByRole('button', { name: /Отключить автопродление/ })
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Отказаться от\sскидки/ })
    .click();
  const status = page.getByRole('status');
  await expect(status).toContainText(words('Автопродление отключено'));
  await expect(status.getByRole('link', { name: /почему вы\sотключили/ })).toHaveAttribute(
    'href',
    '/poll/unsubscribe',
  );
  await expect(card(page)).toContainText(/Не\sпродлевается/);
  await card(page)
    .getByRole('button', { name: /Включить автопродление/ })
    .click();
  await expect(page.getByRole('status')).toContainText(words('Автопродление включено'));
  await card(page)
    .getByRole('button', { name: /Отключить автопродление/ })
    .click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('status')).toContainText(words('Автопродление отключено'));
});

test('a retention paywall that cannot be shown says «Ошибка», or returns to the remembered page after a redirect', async ({
  page,
}) => {
  await subscriber(page);
  await page.goto('/subscription?retention=999999');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Ошибка' })).toBeVisible();
  await expect(dialog).toContainText(words('Подписка не найдена'));
  await page.goto('/subscription?retention=999999&redirected=1&backPath=%2Fseries');
  await expect(page).toHaveURL(/\/series$/);
});

test('removing the saved card stops the subscription that renewed with it, and both pages say so', async ({
  page,
}) => {
  await subscriber(page);
  await page.goto('/settings/payments');
  await expect(page.getByRole('region', { name: 'Сохранённые карты' })).toContainText(
    words('Продлевает: Амедиатека'),
  );
  await page.getByRole('button', { name: 'Удалить карту Visa •••• 4242' }).click();
  await expect(page.getByRole('status')).toContainText(
    words('Карта удалена. Больше не продлевается: «Амедиатека»'),
  );
  await expect(page.getByRole('region', { name: 'Сохранённые карты' })).toContainText(
    words('Сохранённых карт нет'),
  );
  await page.goto('/subscription');
  await expect(card(page)).toContainText(words('Карта удалена, поэтому подписка не продлится'));
  await expect(card(page).getByRole('button')).toHaveCount(0);
});

test('the renter sees the rented film with the time left to start it, linking to the film', async ({
  page,
}) => {
  await signInByEmail(page, 'renter@demo.amediateka.example', 'smotrim-demo');
  await page.goto('/settings/purchase');
  const rentals = page.getByRole('region', { name: 'Аренда' });
  await expect(rentals.getByRole('listitem')).toHaveCount(1);
  await expect(rentals).toContainText(words('Начните до \\d{1,2} [а-я]+'));
  await rentals.getByRole('link').click();
  await expect(page).toHaveURL(/\/watch\/\d+/);
});

test('a started rental shows the hours left to watch, a purchase is there for good', async ({
  page,
  request,
}) => {
  const email = `prokat-${unique()}@example.ru`;
  await signUpByEmail(page, email, PASSWORD);
  const now = Math.floor(Date.now() / 1000);
  const title = (buyType: string) =>
    `(SELECT tp.title_id FROM title_products tp JOIN products p ON p.id = tp.product_id
      JOIN titles t ON t.id = tp.title_id WHERE p.buy_type = '${buyType}' AND t.type = 'movie' ORDER BY tp.title_id LIMIT 1)`;
  await d1(
    request,
    `INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by, started_at, expires_at, source)
       VALUES (${account(email)}, 6, 'rental', ${title('TVOD')}, ${now - 3600}, ${now + 29 * DAY}, ${now - 600}, ${now - 600 + 2 * DAY}, 'payment')`,
    `INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, source)
       VALUES (${account(email)}, 7, 'purchase', ${title('EST')}, ${now - 3600}, 'payment')`,
  );
  await page.goto('/settings/purchase');
  await expect(page.getByRole('region', { name: 'Аренда' })).toContainText(words('Осталось 47 ч'));
  const bought = page.getByRole('region', { name: 'Куплено навсегда' });
  await expect(bought).toContainText('Навсегда');
  await expect(bought.getByRole('link')).toHaveAttribute('href', /^\/watch\/\d+$/);
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Покупки' })).toContainText(
    words('Аренда: 1. Куплено навсегда: 1.'),
  );
});

test('the demo subscriber reads the payment history and opens a receipt with its seller and fiscal data', async ({
  page,
}) => {
  await signInByEmail(page, 'subscriber@demo.amediateka.example', 'smotrim-demo');
  await page.goto('/payment-history');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(5);
  await expect(rows.first()).toContainText(words('Не оплачен'));
  await expect(page.locator('tbody')).toContainText(words('Visa •••• 4242'));
  await page.getByRole('link', { name: /^Чек:/ }).first().click();
  const receipt = page.getByRole('region', { name: /Чек от/ });
  await expect(receipt).toContainText('ИНН');
  await expect(receipt).toContainText('7700000000');
  await expect(receipt).toContainText(words('Ставка НДС'));
  await expect(receipt).toContainText(words('ФП \\(фискальный признак\\)'));
  await page.goto('/subscription');
  await expect(page.locator('[data-subscription]')).toHaveCount(5);
});

test('a gift bought by one account is accepted on another after signing up, once', async ({
  browser,
  page,
  request,
}) => {
  const buyer = `daritel-${unique()}@example.ru`;
  await signUpByEmail(page, buyer, PASSWORD);
  // Choosing a gift sets the purchase-flow cookies and goes on to the payment type.
  await page.goto('/gifts');
  await page.getByRole('button', { name: 'Подарить «Амедиатека» на 1 месяц' }).click();
  await expect(page).toHaveURL(/\/payment-type$/);
  const cookies = Object.fromEntries(
    (await page.context().cookies()).map((c) => [c.name, c.value]),
  );
  expect(cookies).toMatchObject({
    tariffId: '1',
    subscriptionId: '1',
    tariffType: 'SVOD',
    isGift: '1',
  });

  // The paid gift as the payment flow leaves it (a gift order and its row with the token's hash).
  const token = `e2e-${unique()}-gift`;
  const hash = createHash('sha256').update(token).digest('hex');
  const order = `e2e-gift-${unique()}`;
  const now = Math.floor(Date.now() / 1000);
  await d1(
    request,
    `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, amount, method, status, provider, gift_email, created_at, updated_at, paid_at)
       VALUES ('${order}', ${account(buyer)}, 'gift', 1, 1, 59900, 'bank_card', 'succeeded', 'sandbox', 'friend@example.ru', ${now}, ${now}, ${now})`,
    `INSERT INTO gifts (order_id, token_hash, buyer_account_id, tariff_id, price_id, recipient_email, created_at)
       VALUES ('${order}', '${hash}', ${account(buyer)}, 1, 1, 'friend@example.ru', ${now})`,
  );
  await page.goto(`/gifts?giftToken=${token}`);
  await expect(page.getByRole('alert')).toContainText(words('Свой подарок принять нельзя'));

  const friend = await browser.newPage({
    extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.74' },
  });
  await friend.goto(`/gifts?giftToken=${token}`);
  await expect(friend).toHaveURL(/\/gifts\/auth\?giftToken=/);
  await signUpByEmail(
    friend,
    `friend-${unique()}@example.ru`,
    PASSWORD,
    `${friend.url()}&step=signup`,
  );
  await expect(friend).toHaveURL(new RegExp(`/gifts\\?giftToken=${token}$`));
  await expect(
    friend.getByRole('heading', { name: words('Вам подарили подписку «Амедиатека» на 1 месяц') }),
  ).toBeVisible();
  await friend.getByRole('button', { name: 'Принять подарок' }).click();
  await expect(friend).toHaveURL(/\/gifts\/success\?gift=\d+$/);
  await expect(friend.getByRole('status')).toContainText(
    words('Подписка «Амедиатека» на 1 месяц ваша'),
  );
  await friend.goto('/subscription');
  await expect(friend.locator('[data-subscription]')).toContainText('Амедиатека');
  await friend.goto(`/gifts?giftToken=${token}`);
  await expect(friend.getByRole('alert')).toContainText(words('Вы уже приняли этот подарок'));
  await friend.close();

  await page.goto('/gifts');
  await expect(page.getByRole('region', { name: 'Ваши подарки' })).toContainText(/Принят/);
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
