import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import {
  attr,
  button,
  check,
  headings,
  link,
  links,
  signUpOnForms,
  Tab,
} from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

/** The storefront: what unlocks a title, paywalls, choosing a period, the try button. */

const unique = () => crypto.randomUUID().slice(0, 8);
const text = (tab: Tab) => words(tab.page.document.body);

const rentable = async (visitor: Visitor) => {
  const res = await visitor.fetch('/cms/products/rent-hd/content/?page_size=1');
  const body = (await res.json()) as { results: { id: number; name: string }[] };
  return body.results[0]!;
};

/** A radio of the page by its label's words. */
const radio = (tab: Tab, name: RegExp) =>
  [...tab.page.document.querySelectorAll('label')]
    .filter((l) => name.test(words(l)))
    .map((l) => l.querySelector('input[type="radio"]'))
    .find(Boolean) ?? undefined;

/** Keeps the event manager's variants as its answer would (the `em_experiment` cookie). */
const keepVariants = (visitor: Visitor, value: string) =>
  visitor.cookies.set('em_experiment', encodeURIComponent(value));

it('a guest on a paid film’s page sees what unlocks it, and «Смотреть» leads to its paywall', async () => {
  const tab = new Tab(new Visitor());
  const film = await rentable(tab.visitor);
  await tab.goto(`/watch/${film.id}`);
  const unlock = words(tab.page.document.querySelector('[data-title-unlock]'));
  expect(unlock).toMatch(/Аренда\sна\s2\sдня\s—\s\d+\s₽/u);
  expect(unlock).toMatch(/Покупка\sв\sHD\s—\s\d+\s₽\sнавсегда/u);
  const watch = link(tab.page.document, 'Смотреть');
  expect(watch?.getAttribute('href')).toBe(`/paywall/film?contentId=${film.id}`);
  await tab.follow(watch);
  expect(tab.url).toBe(`/paywall/film?contentId=${film.id}`);
  expect(words(tab.page.document.querySelector('h1'))).toContain(film.name);
  expect(headings(tab.page.document, 'Аренда в HD').map((h) => words(h))).toHaveLength(1);
  expect(words(tab.page.document.querySelector('[data-tariff]'))).toContain('₽');
});

it('a paywall offers the new user its first month for 1 ₽, and an unknown one is a 404', async () => {
  const visitor = new Visitor();
  const page = await visitor.open('/paywall/new-user');
  expect(headings(page.document, /Первый\sмесяц\sза\s1\s₽/u).length).toBeGreaterThan(0);
  expect(page.document.querySelector('[data-offer="new_user"]')?.getAttribute('href')).toBe(
    '/payment?id=1&price=1&offer=new_user',
  );
  expect((await visitor.open('/paywall/unknown')).status).toBe(404);
});

it('a viewer picks a period on /payment and goes on to /payment-type with the purchase cookies', async () => {
  const tab = new Tab(new Visitor());
  // Signed out, /payment goes through sign-in and back.
  await tab.goto('/payment?id=1');
  expect(tab.url).toMatch(/\/auth\?backPath=%2Fpayment%3Fid%3D1/);
  await signUpOnForms(tab, '/auth?step=signup&backPath=%2Fpayment%3Fid%3D1', 'store');
  expect(tab.url).toMatch(/\/payment\?id=1$/);
  expect(text(tab)).toContain('Шаг 1 из 2');
  check(radio(tab, /3\sмесяца/u));
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/\/payment-type$/);
  const cookies = tab.visitor.cookies;
  expect(cookies.get('tariffId')).toBe('1');
  expect(cookies.get('subscriptionId')).toBe('2');
  expect(cookies.get('tariffType')).toBe('SVOD');
  expect(cookies.get('isHBO')).toBeUndefined();

  // The three-step variant chooses the tariff first; HBO Max's flow carries isHBO.
  await tab.goto('/payment?steps=three');
  expect(text(tab)).toContain('Шаг 1 из 3');
  check(radio(tab, /HBO\sMax/u));
  await tab.submit(button(tab.page.document, 'Далее')!);
  expect(text(tab)).toContain('Шаг 2 из 3');
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/\/payment-type$/);
  expect(cookies.get('tariffId')).toBe('2');
  expect(cookies.get('isHBO')).toBe('1');
});

it('without JavaScript the try button is a link to /advantages with the default offer', async () => {
  const tab = new Tab(new Visitor());
  await tab.goto('/');
  await tab.follow(link(tab.page.document.querySelector('header')!, 'Попробовать'));
  expect(tab.url).toMatch(/\/advantages$/);
  expect(words(tab.page.document.querySelector('h1'))).toMatch(/Попробуйте/);
  expect(words(tab.page.document.querySelector('[data-try-prices]'))).toMatch(/599\s₽/u);
  expect(tab.page.document.querySelector('[data-try-paywall]')?.getAttribute('href')).toBe(
    '/paywall/default',
  );
});

it('no page sells a subscription to a subscriber: «Попробовать» is for newcomers and the legacy tariff’s holders', async () => {
  const now = Math.floor(Date.now() / 1000);
  const visitor = new Visitor();
  const { accountId } = await visitor.signUp(`status-${unique()}@example.ru`, 'correct horse 1');
  const tries = async () => {
    const { document } = await visitor.open('/series');
    return links(document.querySelector('header')!, 'Попробовать').length;
  };
  expect(await tries()).toBe(1);
  // The old tariff, no longer sold, is held but not counted (its right is covered by its row).
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO entitlements (account_id, product_id, kind, granted_at, expires_at, source) VALUES (?, 1, 'subscription', ?, ?, 'payment')",
    ).bind(accountId, now, now + 20 * 86_400),
    env.DB.prepare(
      "INSERT INTO subscriptions (account_id, tariff_id, price_id, status, is_renew, granted_till, next_charge_at, created_at, updated_at) VALUES (?, 9, 12, 'active', 0, ?, ?, ?, ?)",
    ).bind(accountId, now + 20 * 86_400, now + 20 * 86_400, now, now),
  ]);
  expect(await tries()).toBe(1);
  // A rental not started yet is a purchase: the header no longer offers a subscription.
  const film = await rentable(visitor);
  await env.DB.prepare(
    "INSERT INTO entitlements (account_id, product_id, kind, title_id, granted_at, starts_by, source) VALUES (?, 6, 'rental', ?, ?, ?, 'payment')",
  )
    .bind(accountId, film.id, now, now + 29 * 86_400)
    .run();
  expect(await tries()).toBe(0);
  // A guest's copy of the same page still has it.
  const guest = await new Visitor().open('/series');
  expect(links(guest.document.querySelector('header')!, 'Попробовать')).toHaveLength(1);
});

it('a paywall’s «Закрыть» is, without JavaScript, a plain link back to where the visitor came from', async () => {
  const { document } = await new Visitor().open('/paywall/default?backPath=%2Fseries');
  expect(link(document, 'Закрыть')?.getAttribute('href')).toBe('/series');
});

it('a film’s paywall says a rental may start «в течение 1 месяца», and «Закрыть» leads back to the film', async () => {
  const tab = new Tab(new Visitor());
  const film = await rentable(tab.visitor);
  await tab.goto(`/paywall/film?contentId=${film.id}`);
  const rental = headings(tab.page.document, 'Аренда в HD')[0]?.closest('section');
  expect(words(rental)).toContain('Начать просмотр можно в течение 1 месяца');
  await tab.follow(link(tab.page.document, 'Закрыть'));
  expect(tab.url).toBe(`/watch/${film.id}`);
  expect(words(tab.page.document.querySelector('h1'))).toContain(film.name);
});

it('the payment screen of a rental reads «Вы покупаете аренду…», naming the film', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`arenda-${unique()}@example.ru`);
  const tab = new Tab(visitor);
  const film = await rentable(visitor);
  await tab.goto(`/paywall/film?contentId=${film.id}`);
  const rental = headings(tab.page.document, 'Аренда в HD')[0]?.closest('section');
  await tab.follow(rental?.querySelector('a[data-choose-price]') ?? undefined);
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/^\/payment-type/);
  expect(textsOf(tab.page.document, 'main h2')).toContain(
    `Вы покупаете аренду в HD: «${film.name}»`,
  );
});

it('the free-days offer names its tariff, then what follows in lower case: «Амедиатека: затем 599 ₽»', async () => {
  const { document } = await new Visitor().open('/free-access');
  expect(words(document.querySelector('h1'))).toBe('7 дней бесплатно');
  expect(words(document.querySelector('h1 + p'))).toMatch(/^Амедиатека: затем 599 ₽ в месяц/u);
});

it('the kept steps variant picks the steps on /payment, steps= still overrides it, and offer 2 carries its price', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`variants-${unique()}@example.ru`);
  const tab = new Tab(visitor);
  keepVariants(visitor, 'sbp:control,steps:three_step');
  await tab.goto('/payment?id=1');
  expect(text(tab)).toContain('Шаг 1 из 3');
  await tab.goto('/payment?id=1&steps=two');
  expect(text(tab)).toContain('Шаг 1 из 2');

  keepVariants(visitor, 'sbp:control,steps:offer2');
  await tab.goto('/payment?id=1');
  expect(text(tab)).toContain('Шаг 1 из 2');
  expect(text(tab)).toMatch(/Первый\sмесяц\sза\s199\s₽/u);
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/\/payment-type\?offer=offer2$/);
  expect(button(tab.page.document, /Оплатить\s199\s₽/u)).toBeDefined();
});

it('an account that held the tariff is not shown offer 2 or the new user’s price on /payment, and pays the list price', async () => {
  const visitor = await new Visitor().signInAsDemo('subscriber');
  const tab = new Tab(visitor);
  keepVariants(visitor, 'sbp:control,steps:offer2');
  await tab.goto('/payment?id=1');
  expect(text(tab)).toContain('Шаг 1 из 2');
  expect(words(tab.page.document.querySelector('.payment__option'))).toContain('₽');
  expect(text(tab)).not.toMatch(/Первый\sмесяц\sза/u);
  await tab.goto('/payment?id=1&offer=new_user');
  expect(text(tab)).not.toMatch(/Первый\sмесяц\sза/u);
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/\/payment-type$/);
  expect(button(tab.page.document, /Оплатить\s599\s₽/u)).toBeDefined();
});

it('a discount code travels from the paywall through /payment to the discounted amount', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`promo-flow-${unique()}@example.ru`);
  const tab = new Tab(visitor);
  await tab.goto('/paywall/default?promo=HALFPRICE&steps=two');
  const month = tab.page.document.querySelector('[data-tariff="1"] a');
  expect(attr(month, 'href')).toMatch(/promo=HALFPRICE/);
  await tab.follow(month!);
  expect(tab.url).toMatch(/\/payment\?.*promo=HALFPRICE/);
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/\/payment-type\?promo=HALFPRICE$/);
  expect(text(tab)).toMatch(/Промокод\sHALFPRICE/u);
  // 599 ₽ − 50 %: both digits of the kopecks.
  expect(button(tab.page.document, /Оплатить\s299,50\s₽/u)).toBeDefined();
});

it('in the offer 2 variant a discount code still travels alone: the experiment adds no offer it would not stack with', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`promo-offer2-${unique()}@example.ru`);
  const tab = new Tab(visitor);
  keepVariants(visitor, 'sbp:control,steps:offer2');
  await tab.goto('/payment?id=1&promo=HALFPRICE');
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/\/payment-type\?promo=HALFPRICE$/);
  expect(button(tab.page.document, /Оплатить\s299,50\s₽/u)).toBeDefined();
});
