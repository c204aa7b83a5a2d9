import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import {
  accessibleName,
  button,
  buttons,
  dialog,
  fill,
  headings,
  labelled,
  latestCode,
  link,
  region,
  shownTexts,
  Tab,
} from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

/**
 * The account's billing pages as a viewer uses them, with their plain forms: renewal off with the
 * retention offer taken or declined, a removed card, the renter's rental, the demo subscriber's
 * payments and receipt, and gifts given and accepted. Subscriptions and gifts are written into D1
 * as the payment flow would leave them.
 */

const PASSWORD = 'correct horse 1';
const DAY = 86_400;
const unique = () => crypto.randomUUID().slice(0, 8);
/** A pattern whose spaces match any space: the pages are typeset with no-break spaces. */
const spaced = (source: string) => new RegExp(source.replace(/ /g, '\\s'));
const account = (email: string) => `(SELECT id FROM accounts WHERE email = '${email}')`;
const run = (...statements: string[]) => env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));

/** A paid monthly subscription (Амедиатека's, else the tariff's) renewing from a saved sandbox Visa, as PAY leaves it. */
async function givenSubscription(email: string, { tariff = 1, price = 1, product = 1 } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const till = now + 20 * DAY;
  await run(
    `INSERT INTO payment_methods (account_id, provider, provider_method_id, kind, title, card_last4, card_brand, expiry, created_at)
       VALUES (${account(email)}, 'sandbox', 'pages-${email}', 'bank_card', 'Visa •••• 4242', '4242', 'Visa', '12/30', ${now})`,
    `INSERT INTO entitlements (account_id, product_id, kind, granted_at, expires_at, source)
       VALUES (${account(email)}, ${product}, 'subscription', ${now}, ${till}, 'payment')`,
    `INSERT INTO subscriptions (account_id, tariff_id, price_id, status, is_renew, payment_method_id, granted_till, next_charge_at, created_at, updated_at)
       VALUES (${account(email)}, ${tariff}, ${price}, 'active', 1,
         (SELECT id FROM payment_methods WHERE provider_method_id = 'pages-${email}'), ${till}, ${till - DAY}, ${now}, ${now})`,
  );
}

async function subscriber(given: Parameters<typeof givenSubscription>[1] = {}): Promise<Tab> {
  const visitor = new Visitor();
  const { email } = await visitor.signUp(`podpiska-${unique()}@example.ru`, PASSWORD);
  await givenSubscription(email, given);
  const tab = new Tab(visitor);
  await tab.goto('/subscription');
  return tab;
}

const card = (tab: Tab, tariff = 'Амедиатека') =>
  [...tab.page.document.querySelectorAll('[data-subscription]')].find((s) =>
    words(s).includes(tariff),
  )!;
const statusText = (tab: Tab) => shownTexts(tab.page.document, '[role="status"]').join(' ');
const alertText = (tab: Tab) => shownTexts(tab.page.document, '[role="alert"]').join(' ');

/** Signs up on the /auth forms without JavaScript, from `from`, and follows where they lead. */
async function signUpOnForms(tab: Tab, email: string, from: string) {
  await tab.goto(from);
  const auth = () => tab.page.document.querySelector('.auth')!;
  fill(labelled(auth(), 'E-mail'), email);
  fill(labelled(auth(), 'Пароль'), PASSWORD);
  await tab.submit(button(auth(), 'Получить код')!);
  fill(
    labelled(auth(), 'Код подтверждения'),
    await latestCode(tab.visitor, email, { purpose: 'sign_up_code' }),
  );
  await tab.submit(button(auth(), 'Подтвердить')!);
}

it('a subscriber turning renewal off is led to the retention paywall first, and takes the discount', async () => {
  const tab = await subscriber();
  expect(words(card(tab))).toMatch(
    spaced('Продлится \\d{1,2} [а-я]+ \\d{4} с карты Visa •••• 4242'),
  );
  expect(words(card(tab))).toMatch(/до\s\d{1,2}\s[а-я]+\s\d{4}/);
  await tab.submit(button(card(tab), 'Отключить автопродление подписки «Амедиатека»')!);
  expect(tab.url).toMatch(/^\/paywall\/retention\?subscriptionId=\d+$/);
  const offer = region(tab.page.document, /Три месяца за\sполцены/)!;
  expect(words(offer)).toMatch(spaced('299 ₽ в месяц вместо 599 ₽'));
  expect(button(offer, /Отказаться от\sскидки/)).toBeDefined();
  await tab.submit(button(offer, 'Получить скидку')!);
  expect(tab.url).toBe('/subscription?done=offer');
  expect(statusText(tab)).toMatch(spaced('Скидка получена'));
  expect(words(card(tab))).toMatch(/Продлится/);
  expect(words(card(tab))).toMatch(spaced('со скидкой: Три месяца за полцены'));
  // The offer is taken once: turning renewal off now does it at once.
  await tab.submit(button(card(tab), /Отключить автопродление/)!);
  expect(statusText(tab)).toMatch(spaced('Автопродление отключено'));
});

it('an HBO Max subscriber gets the retention paywall of HBO Max’s own price', async () => {
  const tab = await subscriber({ tariff: 2, price: 4, product: 2 });
  await tab.submit(button(card(tab, 'HBO Max'), /Отключить автопродление/)!);
  expect(tab.url).toMatch(/^\/paywall\/retention\?subscriptionId=\d+$/);
  const offer = region(tab.page.document, /Три месяца за\sполцены/)!;
  expect(words(offer)).toMatch(spaced('200 ₽ в месяц вместо 399 ₽'));
  expect(button(offer, 'Получить скидку')).toBeDefined();
});

it('declining the retention offer turns renewal off and leads to the unsubscribe poll', async () => {
  const tab = await subscriber();
  await tab.submit(button(card(tab), /Отключить автопродление/)!);
  await tab.submit(button(tab.page.document, /Отказаться от\sскидки/)!);
  expect(statusText(tab)).toMatch(spaced('Автопродление отключено'));
  const status = tab.page.document.querySelector('[role="status"]')!;
  expect(link(status, /почему вы\sотключили/)?.getAttribute('href')).toBe('/poll/unsubscribe');
  expect(words(card(tab))).toMatch(/Не\sпродлевается/);
  await tab.submit(button(card(tab), /Включить автопродление/)!);
  expect(statusText(tab)).toMatch(spaced('Автопродление включено'));
  await tab.submit(button(card(tab), /Отключить автопродление/)!);
  expect(tab.url).toBe('/subscription?done=off');
  expect(statusText(tab)).toMatch(spaced('Автопродление отключено'));
});

it('a retention paywall that cannot be shown says «Ошибка», or returns to the remembered page after a redirect', async () => {
  const tab = await subscriber();
  await tab.goto('/paywall/retention?subscriptionId=999999');
  const error = dialog(tab.page.document, 'Ошибка', 'alertdialog');
  expect(error, 'the «Ошибка» alert dialog').toBeDefined();
  expect(headings(error!, 'Ошибка').map((h) => words(h))).toHaveLength(1);
  expect(words(error)).toMatch(spaced('Подписка не найдена'));
  await tab.goto('/paywall/retention?subscriptionId=999999&redirected=1&backPath=%2Fseries');
  expect(tab.url).toMatch(/\/series$/);
});

it('a subscriber pauses the subscription for the days chosen and resumes it; bad days change nothing', async () => {
  const tab = await subscriber();
  const days = () => labelled(card(tab), 'Срок заморозки, дней')!;
  fill(days(), '5');
  await tab.submit(button(card(tab), 'Подтвердить')!);
  expect(tab.page.status).toBe(422);
  expect(alertText(tab)).toMatch(spaced('Срок заморозки — от 7 до 90 дней'));
  expect(words(card(tab))).toMatch(/Активна/);
  fill(days(), '14');
  await tab.submit(button(card(tab), 'Подтвердить')!);
  expect(tab.url).toBe('/subscription?done=paused');
  expect(statusText(tab)).toMatch(spaced('Подписка заморожена'));
  const status = () => words(card(tab).querySelector('[data-status]'));
  expect(status()).toMatch(spaced('На паузе'));
  expect(words(card(tab))).toMatch(spaced('На паузе до \\d{1,2} [а-я]+ \\d{4}, затем продлится'));
  expect(labelled(card(tab), 'Срок заморозки, дней')).toBeUndefined();
  await tab.submit(button(card(tab), 'Возобновить подписку «Амедиатека»')!);
  expect(statusText(tab)).toMatch(spaced('Подписка возобновлена'));
  expect(status()).toBe('Активна');
});

it('removing the saved card stops the subscription that renewed with it, and both pages say so', async () => {
  const tab = await subscriber();
  await tab.goto('/settings/payments');
  const cards = () => words(region(tab.page.document, 'Сохранённые карты'));
  expect(cards()).toMatch(spaced('Продлевает: Амедиатека'));
  await tab.submit(button(tab.page.document, 'Удалить карту Visa •••• 4242')!);
  expect(statusText(tab)).toMatch(spaced('Карта удалена. Больше не продлевается: «Амедиатека»'));
  expect(cards()).toMatch(spaced('Сохранённых карт нет'));
  await tab.goto('/subscription');
  expect(words(card(tab))).toMatch(spaced('Карта удалена, поэтому подписка не продлится'));
  expect(buttons(card(tab)).map((b) => accessibleName(b))).toEqual([]);
});

it('the renter sees the rented film with the time left to start it, linking to the film', async () => {
  const tab = new Tab(await new Visitor().signInAsDemo('renter'));
  await tab.goto('/settings/purchase');
  const rentals = region(tab.page.document, 'Аренда')!;
  expect([...rentals.querySelectorAll('li')].map((li) => words(li))).toHaveLength(1);
  expect(words(rentals)).toMatch(spaced('Начните до \\d{1,2} [а-я]+'));
  await tab.follow(rentals.querySelector('a[href]')!);
  expect(tab.url).toMatch(/\/watch\/\d+/);
});

it('a started rental shows the hours left to watch, a purchase is there for good', async () => {
  const visitor = new Visitor();
  const { email } = await visitor.signUp(`prokat-${unique()}@example.ru`, PASSWORD);
  const now = Math.floor(Date.now() / 1000);
  const title = (buyType: string) =>
    `(SELECT tp.title_id FROM title_products tp JOIN products p ON p.id = tp.product_id
      JOIN titles t ON t.id = tp.title_id WHERE p.buy_type = '${buyType}' AND t.type = 'movie' ORDER BY tp.title_id LIMIT 1)`;
  await run(
    `INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by, started_at, expires_at, source)
       VALUES (${account(email)}, 6, 'rental', ${title('TVOD')}, ${now - 3600}, ${now + 29 * DAY}, ${now - 600}, ${now - 600 + 2 * DAY}, 'payment')`,
    `INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, source)
       VALUES (${account(email)}, 7, 'purchase', ${title('EST')}, ${now - 3600}, 'payment')`,
  );
  const tab = new Tab(visitor);
  await tab.goto('/settings/purchase');
  expect(words(region(tab.page.document, 'Аренда'))).toMatch(spaced('Осталось 47 ч'));
  const bought = region(tab.page.document, 'Куплено навсегда')!;
  expect(words(bought)).toContain('Навсегда');
  expect(bought.querySelector('a[href]')?.getAttribute('href')).toMatch(/^\/watch\/\d+$/);
  await tab.goto('/settings');
  expect(words(region(tab.page.document, 'Покупки'))).toMatch(
    spaced('Аренда: 1. Куплено навсегда: 1.'),
  );
});

it('the demo subscriber reads the payment history and opens a receipt with its seller and fiscal data', async () => {
  const tab = new Tab(await new Visitor().signInAsDemo('subscriber'));
  await tab.goto('/payment-history');
  const rows = [...tab.page.document.querySelectorAll('tbody tr')];
  expect(rows.map((r) => words(r))).toHaveLength(5);
  expect(words(rows[0])).toMatch(spaced('Не оплачен'));
  expect(words(tab.page.document.querySelector('tbody'))).toMatch(spaced('Visa •••• 4242'));
  await tab.follow(link(tab.page.document, /^Чек:/));
  const receipt = words(region(tab.page.document, /Чек от/));
  expect(receipt).toContain('ИНН');
  expect(receipt).toContain('7700000000');
  expect(receipt).toMatch(spaced('Ставка НДС'));
  expect(receipt).toMatch(spaced('ФП \\(фискальный признак\\)'));
  await tab.goto('/subscription');
  expect(textsOf(tab.page.document, '[data-subscription]')).toHaveLength(5);
});

it('a gift bought by one account is accepted on another after signing up, once', async () => {
  const buyer = new Visitor();
  const { email } = await buyer.signUp(`daritel-${unique()}@example.ru`, PASSWORD);
  const tab = new Tab(buyer);
  // Choosing a gift sets the purchase-flow cookies and goes on to the payment type.
  await tab.goto('/gifts');
  await tab.submit(button(tab.page.document, /^1\sмесяц\s—\s.*:\sподарить\s«Амедиатека»$/)!);
  expect(tab.url).toMatch(/\/payment-type$/);
  expect(Object.fromEntries(buyer.cookies)).toMatchObject({
    tariffId: '1',
    subscriptionId: '1',
    tariffType: 'SVOD',
    isGift: '1',
  });

  // The paid gift as the payment flow leaves it (a gift order and its row with the token's hash).
  const token = `pages-${unique()}-gift`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const order = `pages-gift-${unique()}`;
  const now = Math.floor(Date.now() / 1000);
  await run(
    `INSERT INTO orders (id, account_id, kind, tariff_id, price_id, amount, method, status, provider, gift_email, created_at, updated_at, paid_at)
       VALUES ('${order}', ${account(email)}, 'gift', 1, 1, 59900, 'bank_card', 'succeeded', 'sandbox', 'friend@example.ru', ${now}, ${now}, ${now})`,
    `INSERT INTO gifts (order_id, token_hash, buyer_account_id, tariff_id, price_id, recipient_email, created_at)
       VALUES ('${order}', '${hash}', ${account(email)}, 1, 1, 'friend@example.ru', ${now})`,
  );
  await tab.goto(`/gifts?giftToken=${token}`);
  expect(alertText(tab)).toMatch(spaced('Свой подарок принять нельзя'));

  const friend = new Tab(new Visitor());
  await friend.goto(`/gifts?giftToken=${token}`);
  expect(friend.url).toMatch(/\/gifts\/auth\?giftToken=/);
  await signUpOnForms(friend, `friend-${unique()}@example.ru`, `${friend.url}&step=signup`);
  expect(friend.url).toMatch(new RegExp(`/gifts\\?giftToken=${token}$`));
  expect(
    headings(friend.page.document, spaced('Вам подарили подписку «Амедиатека» на 1 месяц')).map(
      (h) => words(h),
    ),
  ).toHaveLength(1);
  await friend.submit(button(friend.page.document, 'Принять подарок')!);
  expect(friend.url).toMatch(/\/gifts\/success\?gift=\d+$/);
  expect(headings(friend.page.document, 'Подарок принят', 1)).toHaveLength(1);
  expect(statusText(friend)).toMatch(spaced('Подписка «Амедиатека» на 1 месяц ваша'));
  await friend.goto('/subscription');
  expect(words(friend.page.document.querySelector('[data-subscription]'))).toContain('Амедиатека');
  await friend.goto(`/gifts?giftToken=${token}`);
  expect(alertText(friend)).toMatch(spaced('Вы уже приняли этот подарок'));

  await tab.goto('/gifts');
  expect(words(region(tab.page.document, 'Ваши подарки'))).toMatch(/Принят/);
});

it('/gifts/success opened with no gift accepted says so, and never «Подарок принят»', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`bez-podarka-${unique()}@example.ru`, PASSWORD);
  const { status, document } = await visitor.open('/gifts/success');
  expect(status).toBe(200);
  expect(textsOf(document, 'h1')).toEqual(['Ваши подарки']);
  expect(words(document.querySelector('main'))).toContain('Принятых подарков пока нет.');
  expect(words(document.body)).not.toContain('Подарок принят');
});
