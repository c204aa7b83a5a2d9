import { expect, type Page, test } from '@playwright/test';
import { signInByEmail, signUpByEmail, unique } from './support/accounts.ts';

/** The storefront: what unlocks a title, paywalls, choosing a period, the try button. */

test.use({ extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.72' } });

const rentable = async (page: Page) => {
  const res = await page.request.get('/cms/products/rent-hd/content/?page_size=1');
  const body = (await res.json()) as { results: { id: number; name: string }[] };
  return body.results[0]!;
};

const cookie = async (page: Page, name: string) =>
  (await page.context().cookies()).find((c) => c.name === name)?.value;

test('a guest on a paid film’s page sees what unlocks it, and «Смотреть» leads to its paywall', async ({
  page,
}) => {
  const film = await rentable(page);
  await page.goto(`/watch/${film.id}`);
  const unlock = page.locator('[data-title-unlock]');
  await expect(unlock).toContainText(/Аренда\sна\s2\sдня\s—\s\d+\s₽/u);
  await expect(unlock).toContainText(/Покупка\sв\sHD\s—\s\d+\s₽\sнавсегда/u);
  const watch = page.getByRole('link', { name: 'Смотреть', exact: true });
  await expect(watch).toHaveAttribute('href', `/paywall/film?contentId=${film.id}`);
  await watch.click();
  await expect(page).toHaveURL(`/paywall/film?contentId=${film.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(film.name);
  await expect(page.getByRole('heading', { name: 'Аренда в HD' })).toBeVisible();
  await expect(page.locator('[data-tariff]').first()).toContainText('₽');
});

test('a paywall offers the new user its first month for 1 ₽, and an unknown one is a 404', async ({
  page,
}) => {
  await page.goto('/paywall/new-user');
  await expect(
    page.getByRole('heading', { name: /Первый\sмесяц\sза\s1\s₽/u }).first(),
  ).toBeVisible();
  await expect(page.locator('[data-offer="new_user"]')).toHaveAttribute(
    'href',
    '/payment?id=1&price=1&offer=new_user',
  );
  const res = await page.goto('/paywall/unknown');
  expect(res?.status()).toBe(404);
});

test('a viewer picks a period on /payment and goes on to /payment-type with the purchase cookies', async ({
  page,
}) => {
  // Signed out, /payment goes through sign-in and back.
  await page.goto('/payment?id=1');
  await expect(page).toHaveURL(/\/auth\?backPath=%2Fpayment%3Fid%3D1/);
  await signUpByEmail(
    page,
    `store-${unique()}@example.ru`,
    'correct horse 1',
    '/auth?step=signup&backPath=%2Fpayment%3Fid%3D1',
  );
  await expect(page).toHaveURL(/\/payment\?id=1$/);
  await expect(page.getByText('Шаг 1 из 2')).toBeVisible();
  await page.getByRole('radio', { name: /3\sмесяца/u }).check();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/payment-type$/);
  expect(await cookie(page, 'tariffId')).toBe('1');
  expect(await cookie(page, 'subscriptionId')).toBe('2');
  expect(await cookie(page, 'tariffType')).toBe('SVOD');
  expect(await cookie(page, 'isHBO')).toBeUndefined();

  // The three-step variant chooses the tariff first; HBO Max's flow carries isHBO.
  await page.goto('/payment?steps=three');
  await expect(page.getByText('Шаг 1 из 3')).toBeVisible();
  await page.getByRole('radio', { name: /HBO\sMax/u }).check();
  await page.getByRole('button', { name: 'Далее' }).click();
  await expect(page.getByText('Шаг 2 из 3')).toBeVisible();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/payment-type$/);
  expect(await cookie(page, 'tariffId')).toBe('2');
  expect(await cookie(page, 'isHBO')).toBe('1');
});

test('the try button on the partner channel stores its billing data and lands on /advantages', async ({
  page,
}) => {
  await page.goto('/hbo-max');
  await page.locator('header').getByRole('link', { name: 'Попробовать' }).click();
  await expect(page).toHaveURL(/\/advantages$/);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('onboarding'))).toBe('true');
  const stored = await page.evaluate(() => ({
    flow: JSON.parse(sessionStorage.getItem('tryBtnFlow') ?? 'null'),
    onboarding: sessionStorage.getItem('onboarding'),
    billingUrl: sessionStorage.getItem('billingUrl'),
  }));
  expect(stored.onboarding).toBe('true');
  expect(stored.billingUrl).toBe('/billing/tariffs/?buy_type=SVOD&ids=2');
  expect(stored.flow.billingProduct).toMatchObject({ slug: 'hbo-max', paywall_slug: 'hbo-max' });
  expect(stored.flow.paywall).toMatchObject({ slug: 'hbo-max' });
  expect(stored.flow.billingProduct.id).toBe(2);
  // /advantages offers the product the visitor came for.
  await expect(page.locator('[data-try-paywall]')).toHaveAttribute('href', '/paywall/hbo-max');
  await expect(page.locator('[data-try-partner]')).toContainText('HBO Max');
});

test('without JavaScript the try button is a link to /advantages with the default offer', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    extraHTTPHeaders: { 'cf-connecting-ip': '198.51.100.72' },
  });
  const page = await context.newPage();
  await page.goto('/');
  await page.locator('header').getByRole('link', { name: 'Попробовать' }).click();
  await expect(page).toHaveURL(/\/advantages$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Попробуйте/);
  await expect(page.locator('[data-try-prices]')).toContainText(/599\s₽/u);
  await expect(page.locator('[data-try-paywall]')).toHaveAttribute('href', '/paywall/default');
  await context.close();
});

/** Sets the event manager's kept variants as its answer would (the `em_experiment` cookie). */
const keepVariants = async (page: Page, value: string) => {
  const url = new URL(page.url());
  await page
    .context()
    .addCookies([
      { name: 'em_experiment', value: encodeURIComponent(value), domain: url.hostname, path: '/' },
    ]);
};

/** The next report of `eventType` to the event manager. */
const eventSent = (page: Page, eventType: string) =>
  page.waitForRequest(
    (r) =>
      r.url().includes('/api/event-manager/v8/events/') &&
      r.postDataJSON()?.eventType === eventType,
  );

test('a paywall tells the event manager it was opened, and «Закрыть» follows the answer to the poll', async ({
  page,
}) => {
  const opened = eventSent(page, 'opened_paywall');
  await page.goto('/paywall/default?backPath=%2Fseries');
  expect((await opened).postDataJSON()).toMatchObject({ paywallSlug: 'default' });
  const close = page.getByRole('link', { name: 'Закрыть' });
  // Without JavaScript it is a plain link back to where the visitor came from.
  await expect(close).toHaveAttribute('href', '/series');
  await close.click();
  // The seed's rule: a visitor without a subscription who closes a promo paywall is asked why.
  await expect(page).toHaveURL(/\/poll\/why-not-subscribing\?poll_slug=why-not-subscribing$/);
});

test('/advantages tells the event manager a paywall was opened', async ({ page }) => {
  const opened = eventSent(page, 'opened_paywall');
  await page.goto('/advantages');
  expect((await opened).postDataJSON()).toMatchObject({ paywallSlug: 'default' });
});

test('the kept steps variant picks the steps on /payment, steps= still overrides it, and offer 2 carries its price', async ({
  page,
}) => {
  await signUpByEmail(
    page,
    `variants-${unique()}@example.ru`,
    'correct horse 1',
    '/auth?step=signup&backPath=%2Fpayment%3Fid%3D1',
  );
  await keepVariants(page, 'sbp:control,steps:three_step');
  await page.goto('/payment?id=1');
  await expect(page.getByText('Шаг 1 из 3')).toBeVisible();
  await page.goto('/payment?id=1&steps=two');
  await expect(page.getByText('Шаг 1 из 2')).toBeVisible();

  await keepVariants(page, 'sbp:control,steps:offer2');
  await page.goto('/payment?id=1');
  await expect(page.getByText('Шаг 1 из 2')).toBeVisible();
  await expect(page.getByText(/Первый\sмесяц\sза\s199\s₽/u)).toBeVisible();
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/payment-type\?offer=offer2$/);
  await expect(page.getByRole('button', { name: /Оплатить\s199\s₽/u })).toBeVisible();
});

test('an account that held the tariff is not shown offer 2 or the new user’s price on /payment, and pays the list price', async ({
  page,
}) => {
  await signInByEmail(page, 'subscriber@demo.amediateka.example', 'smotrim-demo');
  await keepVariants(page, 'sbp:control,steps:offer2');
  await page.goto('/payment?id=1');
  await expect(page.getByText('Шаг 1 из 2')).toBeVisible();
  await expect(page.locator('.payment__option').first()).toContainText('₽');
  await expect(page.getByText(/Первый\sмесяц\sза/u)).toHaveCount(0);
  await page.goto('/payment?id=1&offer=new_user');
  await expect(page.getByText(/Первый\sмесяц\sза/u)).toHaveCount(0);
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/payment-type$/);
  await expect(page.getByRole('button', { name: /Оплатить\s599\s₽/u })).toBeVisible();
});

test('a discount code travels from the paywall through /payment to the discounted amount', async ({
  page,
}) => {
  await signUpByEmail(page, `promo-flow-${unique()}@example.ru`, 'correct horse 1');
  await page.goto('/paywall/default?promo=HALFPRICE&steps=two');
  const month = page.locator('[data-tariff="1"] a').first();
  await expect(month).toHaveAttribute('href', /promo=HALFPRICE/);
  await month.click();
  await expect(page).toHaveURL(/\/payment\?.*promo=HALFPRICE/);
  await page.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/payment-type\?promo=HALFPRICE$/);
  await expect(page.getByText(/Промокод\sHALFPRICE/u)).toBeVisible();
  // 599 ₽ − 50 %: both digits of the kopecks.
  await expect(page.getByRole('button', { name: /Оплатить\s299,50\s₽/u })).toBeVisible();
});
