import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { signUpByEmail, unique } from './support/accounts.ts';
import { noViolations } from './support/axe.ts';
import { expectFocusVisible, tabTo } from './support/keyboard.ts';
import { outboxFor } from './support/outbox.ts';

/**
 * The money side as a viewer crosses it: from a title page through the paywall, the period, the
 * payment screen and the sandbox acquirer back to the title, which then plays; the account pages,
 * the receipt e-mail, rentals and purchases, the retention offer, a gift from one account to
 * another, a promo code, and the payment pages from the keyboard. Nothing is written out of band.
 * What the money pages render and their plain forms do without the acquirer or the player is in
 * tests/pages/ (storefront, payment, subscription, promo, money-journeys).
 */

// Each test from an address of its own: its sign-ups (20 codes an hour per address) and payments
// do not spend another journey's allowance, and a repeated run gets fresh ones.
const address = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
test.use({
  // A step that hangs fails in seconds, not at the end of the whole journey's budget.
  actionTimeout: 15_000,
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; it has none
  extraHTTPHeaders: async ({}, use) => use({ 'cf-connecting-ip': address() }),
});

const PASSWORD = 'correct horse 1';
/** A pattern whose spaces match any space: the pages are typeset with no-break spaces. */
const words = (source: string) => new RegExp(source.replace(/ /g, '\\s'));
/** A paywall's «Выбрать» link of one tariff and period (its name ends in hidden words). */
const choose = (page: Page, what: string) =>
  page.getByRole('link', { name: new RegExp(`^Выбрать\\s?:\\s${what.replace(/ /g, '\\s')}`) });
/** The sandbox's test cards (README, «Payments»). */
const CARD = {
  pays: '5555 5555 5555 4477',
  asks3ds: '4000 0000 0000 3063',
  declined: '5555 5555 5555 4592',
};

interface Sold {
  id: number;
  name: string;
  type: string;
  ageRating: string;
}

/** A product's films a new account may open without the parental-control offer (not 18+). */
async function filmsOf(request: APIRequestContext, product: string): Promise<Sold[]> {
  const res = await request.get(`/cms/products/${product}/content/?page_size=60`);
  const { results } = (await res.json()) as { results: Sold[] };
  return results.filter((t) => t.type === 'movie' && t.ageRating !== '18+');
}

/** A film only the «Амедиатека» subscription unlocks: its paywall is the subscription's. */
async function subscriptionFilm(request: APIRequestContext): Promise<Sold> {
  const rentable = new Set((await filmsOf(request, 'rent-hd')).map((t) => t.id));
  const film = (await filmsOf(request, 'amediateka')).find((t) => !rentable.has(t.id));
  if (!film) throw new Error('the seed has no film sold only by subscription');
  return film;
}

/** Films that can be rented and bought, and no subscription unlocks. */
async function filmsForSale(request: APIRequestContext): Promise<Sold[]> {
  const subscribed = new Set((await filmsOf(request, 'amediateka')).map((t) => t.id));
  return (await filmsOf(request, 'rent-hd')).filter((t) => !subscribed.has(t.id));
}

const watchLink = (page: Page) => page.getByRole('link', { name: 'Смотреть', exact: true });

/** The player starts: the video's time runs past half a second (a busy machine gets 30 s). */
async function plays(page: Page) {
  await expect(page.getByRole('dialog', { name: 'Контент недоступен' })).toHaveCount(0);
  await page.waitForFunction(
    () => {
      const v = document.querySelector('video');
      return !!v && !v.paused && v.currentTime > 0.5;
    },
    undefined,
    { timeout: 30_000 },
  );
}

/** On the title's page, «Смотреть» plays the title. */
async function watchPlays(page: Page, titleId: number) {
  await page.goto(`/watch/${titleId}`);
  await watchLink(page).click();
  await plays(page);
}

/** The sandbox acquirer's hosted card page: number, expiry, CVC, pay. */
async function payOnCardPage(page: Page, number: string) {
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('Номер карты').fill(number);
  await page.getByLabel('Срок (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Оплатить/ }).click();
}

/** Back from the acquirer: /payment/redirect waits for the paid order, then /success. */
async function paid(page: Page) {
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible({
    timeout: 20_000,
  });
}

/** On /payment (two steps): the given period of the tariff, then on to /payment-type. */
async function choosePeriod(page: Page, period: RegExp) {
  await expect(page.getByText(/Шаг\s1\sиз\s2/)).toBeVisible();
  const option = page.getByRole('radio', { name: period });
  await option.check();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/payment-type/);
}

/**
 * The event manager draws each visitor's payment variants at random (two or three steps, offer 2,
 * the SBP button); these journeys take the two-step flow without the SBP button, tried out for the
 * tab's session the way the README says (`?em_experiment=`), so the draw cannot change their path.
 */
async function pinVariants(page: Page) {
  // A paywall reports `opened_paywall` on every visit, so its answer carries the tried variants.
  await page.goto('/paywall/default?em_experiment=steps:two_step,sbp:control');
  // The event-manager call sets the cookie once the page's scripts have run: on a busy machine
  // that can take a while after the load event.
  await expect
    .poll(
      async () =>
        decodeURIComponent(
          (await page.context().cookies()).find((c) => c.name === 'em_experiment')?.value ?? '',
        ),
      { timeout: 30_000 },
    )
    .toContain('steps:two_step');
}

/** A fresh account, signed in on this page, on the two-step payment flow. */
async function newViewer(page: Page, prefix: string) {
  const email = `${prefix}-${unique()}@example.ru`;
  await signUpByEmail(page, email, PASSWORD);
  await pinVariants(page);
  return email;
}

/**
 * The new user's first month for 1 ₽: what a new account pays for the monthly «Амедиатека»
 * (docs/product.md, «Money»).
 */
const NEW_USER_PAY = /Оплатить\s1\s₽/;

/**
 * The shortest purchase of the monthly «Амедиатека» by a new viewer: /payment, the card with
 * renewal consent, at the new user's price.
 */
async function subscribeMonthly(page: Page, card = CARD.pays) {
  await page.goto('/payment?id=1');
  await choosePeriod(page, /1\sмесяц/);
  await page
    .getByRole('checkbox', { name: 'Сохранить карту и продлевать подписку автоматически' })
    .check();
  await page.getByRole('button', { name: NEW_USER_PAY }).click();
  await payOnCardPage(page, card);
}

async function otherBrowser(browser: Browser) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'cf-connecting-ip': address() } });
  const page = await context.newPage();
  await pinVariants(page);
  return { context, page };
}

test('a new viewer subscribes from a paid film’s page and the film plays, with the renewal, the payment and the receipt on record', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const film = await subscriptionFilm(request);
  const email = await newViewer(page, 'journey');
  await page.goto(`/watch/${film.id}`);
  await watchLink(page).click();
  // The subscription's paywall, for this film.
  await expect(page).toHaveURL(`/paywall/default?contentId=${film.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(film.name);
  await choose(page, 'Амедиатека, 1 месяц').click();
  await expect(page).toHaveURL(/\/payment\?id=1&price=1/);
  await choosePeriod(page, /1\sмесяц/);
  await expect(
    page.getByText(words('Вы покупаете подписку «Амедиатека» на 1 месяц')),
  ).toBeVisible();
  await page
    .getByRole('checkbox', { name: 'Сохранить карту и продлевать подписку автоматически' })
    .check();
  await page.getByRole('button', { name: NEW_USER_PAY }).click();
  await payOnCardPage(page, CARD.pays);
  await paid(page);
  await expect(page).toHaveURL(/\/success\?orderId=/);
  await expect(page.getByText(/Доступ открыт до/)).toBeVisible();
  await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${film.id}$`));
  await watchLink(page).click();
  await plays(page);

  await page.goto('/subscription');
  await expect(page.locator('[data-subscription]').filter({ hasText: 'Амедиатека' })).toContainText(
    words('Продлится \\d{1,2} [а-я]+ \\d{4} с карты [^\\n]*4477'),
  );
  await page.goto('/payment-history');
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await expect(page.locator('tbody tr').first()).toContainText(/(?<![\d\s])1\s₽/);
  await expect
    .poll(async () => (await outboxFor(request, email, { purpose: 'payment_receipt' })).length, {
      timeout: 15_000,
    })
    .toBe(1);
});

test('a card that asks for 3-D Secure pays once the code is entered, and the film plays', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const film = await subscriptionFilm(request);
  await newViewer(page, 'journey-3ds');
  await subscribeMonthly(page, CARD.asks3ds);
  await expect(page.getByRole('heading', { name: 'Подтверждение платежа' })).toBeVisible();
  await page.getByLabel('Код из SMS').fill('123456');
  await page.getByRole('button', { name: 'Подтвердить' }).click();
  await paid(page);
  await watchPlays(page, film.id);
});

test('a declined card says why in Russian, and the film still refuses', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const film = await subscriptionFilm(request);
  await newViewer(page, 'journey-declined');
  await subscribeMonthly(page, CARD.declined);
  await expect(page.getByRole('heading', { name: 'Оплата не прошла' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('alert')).toContainText(
    words('Банк отклонил платёж: на карте недостаточно средств'),
  );
  await noViolations(page, 'the declined payment');
  await page.getByRole('link', { name: 'Попробовать ещё раз' }).click();
  await expect(page).toHaveURL(/\/payment-type/);
  await expect(page.getByRole('button', { name: /Оплатить/ })).toBeVisible();
  await page.goto(`/watch/${film.id}`);
  await expect(watchLink(page)).toHaveAttribute('href', /^\/paywall\/default/);
  const access = await page.request.get(`/billing/visitor/access/${film.id}/`);
  expect((await access.json()).allowed).toBe(false);
  await page.goto('/subscription');
  await expect(page.locator('[data-subscription]')).toHaveCount(0);
});

test('a film rented by SBP shows the time to start it, plays, then counts down 48 hours; a film bought by card plays and stays «Навсегда»', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const [rented, bought] = await filmsForSale(request);
  if (!rented || !bought) throw new Error('the seed has no two films for sale only');
  await newViewer(page, 'journey-rent');

  await page.goto(`/watch/${rented.id}`);
  await watchLink(page).click();
  await expect(page).toHaveURL(`/paywall/film?contentId=${rented.id}`);
  await choose(page, 'Аренда в HD').click();
  await choosePeriod(page, /Аренда/);
  await expect(page).toHaveURL(new RegExp(`contentId=${rented.id}`));
  await page.getByRole('radio', { name: /СБП/ }).check();
  await page.getByRole('button', { name: /Оплатить\s199/ }).click();
  await expect(page.getByRole('heading', { name: 'Оплата по СБП' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR-код для оплаты по СБП' })).toBeVisible();
  const waiting = page.url();
  // "Scanning" the QR opens the bank app's confirmation: here, the sandbox's page.
  await page.getByRole('link', { name: 'Открыть ссылку оплаты на этом устройстве' }).click();
  await expect(page.getByRole('heading', { name: 'Приложение банка' })).toBeVisible();
  await page.getByRole('button', { name: 'Подтвердить оплату' }).click();
  await expect(page.getByRole('heading', { name: 'Платёж проведён' })).toBeVisible();
  await page.goto(waiting);
  await paid(page);

  await page.goto(`/watch/${rented.id}`);
  const held = page.locator('[data-unlock-by="rental"]');
  await expect(held).toContainText(words('Аренда: начните просмотр до \\d{1,2} [а-я]+'));
  await watchLink(page).click();
  await plays(page);
  await page.goto(`/watch/${rented.id}`);
  // Started: the 48 hours count down (2 days in the very second it started, then 1 day 23 hours…).
  await expect(held).toContainText(words('Аренда: осталось (2 дня|1 день 23 часа)'));

  await page.goto(`/watch/${bought.id}`);
  await watchLink(page).click();
  await choose(page, 'Покупка в HD').click();
  await choosePeriod(page, /Навсегда/);
  await page.getByRole('button', { name: /Оплатить\s499/ }).click();
  await payOnCardPage(page, CARD.pays);
  await paid(page);
  await page.getByRole('link', { name: 'Смотреть', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/watch/${bought.id}$`));
  await watchLink(page).click();
  await plays(page);
  await page.goto('/settings/purchase');
  const forever = page.getByRole('region', { name: 'Куплено навсегда' });
  await expect(forever).toContainText(bought.name);
  await expect(forever).toContainText('Навсегда');
});

test('a subscriber turning renewal off takes the retention discount, and the subscription still renews with it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newViewer(page, 'journey-retention');
  await subscribeMonthly(page);
  await paid(page);
  await page.goto('/subscription');
  const card = page.locator('[data-subscription]').filter({ hasText: 'Амедиатека' });
  await card.getByRole('button', { name: 'Отключить автопродление подписки «Амедиатека»' }).click();
  // The retention paywall of this subscription comes first.
  await expect(page).toHaveURL(/\/paywall\/retention\?subscriptionId=\d+$/);
  const offer = page.getByRole('region', { name: words('Три месяца за полцены') });
  await expect(offer).toContainText(words('299 ₽ в месяц вместо 599 ₽'));
  await offer.getByRole('button', { name: 'Получить скидку' }).click();
  await expect(page).toHaveURL(/\/subscription\?done=offer$/);
  await expect(page.getByRole('status')).toContainText(words('Скидка получена'));
  await page.reload();
  await expect(card).toContainText(/Продлится/);
  await expect(card).toContainText(words('со скидкой: Три месяца за полцены'));
});

test('a gift paid by one account reaches another by e-mail, is accepted after signing up, and a subscription film plays', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const film = await subscriptionFilm(request);
  await newViewer(page, 'journey-giver');
  const friendEmail = `journey-friend-${unique()}@example.ru`;
  await page.goto('/gifts');
  await page.getByRole('button', { name: /^1\sмесяц\s—\s.*:\sподарить\s«Амедиатека»$/ }).click();
  await expect(page).toHaveURL(/\/payment-type/);
  await page.getByLabel('E-mail получателя подарка').fill(friendEmail);
  await page.getByRole('button', { name: /Оплатить\s599/ }).click();
  await payOnCardPage(page, CARD.pays);
  await paid(page);
  await expect(page.getByText(friendEmail)).toBeVisible();

  let link = '';
  await expect
    .poll(
      async () => {
        const mails = await outboxFor(request, friendEmail, { channel: 'email' });
        link =
          mails
            .map(
              (m) =>
                `${m.text} ${m.html ?? ''}`.match(
                  /https?:\/\/[^\s"<]+\/gifts\?giftToken=[\w-]+/,
                )?.[0],
            )
            .find(Boolean) ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');

  const friend = await otherBrowser(browser);
  const giftPath = new URL(link).pathname + new URL(link).search;
  await friend.page.goto(giftPath);
  await expect(friend.page).toHaveURL(/\/gifts\/auth\?giftToken=/);
  await signUpByEmail(friend.page, friendEmail, PASSWORD, `${friend.page.url()}&step=signup`);
  await expect(friend.page).toHaveURL(/\/gifts\?giftToken=/);
  // The failure report shows the test's own page: say what the friend's page shows instead.
  const accept = friend.page.getByRole('button', { name: 'Принять подарок' });
  await accept.waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
    const shown = await friend.page
      .locator('main')
      .textContent({ timeout: 1_000 })
      .catch(() => '');
    throw new Error(`${error.message}\n${friend.page.url()} shows:\n${shown}`);
  });
  await accept.click();
  await expect(friend.page).toHaveURL(/\/gifts\/success/);
  await expect(friend.page.getByRole('status')).toContainText(
    words('Подписка «Амедиатека» на 1 месяц ваша'),
  );
  await watchPlays(friend.page, film.id);
  await friend.context.close();
});

test('a promo code redeemed on /activate opens a subscription film, which plays', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const film = await subscriptionFilm(request);
  await newViewer(page, 'journey-promo');
  await page.goto('/activate');
  await page.getByRole('textbox', { name: 'Промокод' }).fill('AMEDIA30');
  await page.getByRole('button', { name: 'Активировать' }).click();
  // Its popup: tests/pages/money-journeys.test.ts.
  await expect(page).toHaveURL(/\/activate\?redeemed=AMEDIA30/);
  await watchPlays(page, film.id);
});

test('the paywall, /payment, /payment-type and the sandbox card pay from the keyboard, the focus visible, and pass axe', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newViewer(page, 'journey-keys');
  await page.goto('/paywall/default');
  await noViolations(page, '/paywall/default');
  await tabTo(page, choose(page, 'Амедиатека, 1 месяц'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\?id=1&price=1/);
  await noViolations(page, '/payment');
  await expect(page.getByRole('radio', { name: /1\sмесяц/ })).toBeChecked();
  await tabTo(page, page.getByRole('button', { name: 'Перейти к оплате' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment-type/);
  await noViolations(page, '/payment-type');
  // The methods are one radio group: the arrows move between them, Tab leaves it.
  const card = page.getByRole('radio', { name: /Банковская карта/ });
  await tabTo(page, card);
  await expect(card).toBeChecked();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /СБП/ })).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await expect(card).toBeChecked();
  await page.keyboard.press('Tab');
  const consent = page.getByRole('checkbox', {
    name: 'Сохранить карту и продлевать подписку автоматически',
  });
  await expect(consent).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: /Оплатить/ })).toBeFocused();
  await expectFocusVisible(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible({
    timeout: 15_000,
  });
  await noViolations(page, 'the sandbox card page');
  // The acquirer's card form, then back to the site's /success.
  await tabTo(page, page.getByLabel('Номер карты'));
  await page.keyboard.type(CARD.pays.replace(/ /g, ''));
  await page.keyboard.press('Tab');
  await page.keyboard.type('12/30');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Оплата прошла' })).toBeVisible({
    timeout: 30_000,
  });
  await noViolations(page, '/success');
});
