import { describe, expect, it } from 'vitest';
import { formatRub } from '../../functions/shared/money.ts';
import { attr, button, check, headings, link, links, loosely, Tab } from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

/**
 * What the viewer chose stays chosen through /payment in every steps variant, and the new user's
 * offer is on every paywall for an account that may have it: each case ends in the order the
 * acquirer is asked to charge, read back from the orders API.
 */

const unique = () => crypto.randomUUID().slice(0, 8);
const text = (tab: Tab) => words(tab.page.document.body);

interface Price {
  id: number;
  price: number;
  period_duration: number;
  offers: { name: string; first_price: number; title: string }[];
}
interface Tariff {
  id: number;
  name: string;
  buy_type: string;
  prices: Price[];
}

/** The price list as the API sells it (the same for everyone). */
const tariff = async (visitor: Visitor, id: number) =>
  (await (await visitor.fetch(`/billing/tariffs/${id}/`)).json()) as Tariff;

/** A film the rental sells, and the tariffs that unlock it. */
async function rentableFilm(visitor: Visitor) {
  const res = await visitor.fetch('/cms/products/rent-hd/content/?page_size=1');
  const film = ((await res.json()) as { results: { id: number; name: string }[] }).results[0]!;
  const access = await visitor.fetch(`/billing/paywall/film/?contentId=${film.id}`);
  const { tariffs } = (await access.json()) as { tariffs: Tariff[] };
  return { ...film, tariffs };
}

/** A film sold by the main subscription alone (no rental or purchase). */
async function subscriptionFilm(visitor: Visitor) {
  const of = async (product: string) =>
    (
      (await (await visitor.fetch(`/cms/products/${product}/content/?page_size=50`)).json()) as {
        results: { id: number; name: string; type: string; ageRating: string }[];
      }
    ).results.filter((t) => t.type === 'movie' && t.ageRating !== '18+');
  const rentable = new Set((await of('rent-hd')).map((t) => t.id));
  const film = (await of('amediateka')).find((t) => !rentable.has(t.id));
  if (!film) throw new Error('the seed has no title sold only by subscription');
  return film;
}

/** A new account, signed in, kept in one steps variant as the event manager keeps it. */
async function newViewer(prefix: string, steps: string): Promise<Tab> {
  const visitor = new Visitor();
  await visitor.signUp(`${prefix}-${unique()}@example.ru`);
  visitor.cookies.set('em_experiment', encodeURIComponent(`sbp:control,steps:${steps}`));
  return new Tab(visitor);
}

/** The radios of /payment's form, by the words of their labels, and which one is ticked. */
const options = (tab: Tab) =>
  [...tab.page.document.querySelectorAll('form label')]
    .filter((l) => l.querySelector('input[type="radio"]'))
    .map((l) => ({
      label: words(l),
      checked: attr(l.querySelector('input'), 'checked') !== null,
      input: l.querySelector('input')!,
    }));
const ticked = (tab: Tab) => options(tab).find((o) => o.checked)?.label;
/** Whether an option's label starts with a tariff's name (typeset: any space is a space). */
const startsWithName = (label: string | undefined, name: string) =>
  !!label?.startsWith(name.replace(/\s+/g, ' '));

/** From /payment on: «Перейти к оплате», then pay by card; the order the acquirer is asked for. */
async function payAndReadOrder(tab: Tab) {
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/^\/payment-type/);
  await tab.submit(button(tab.page.document, /^Оплатить/)!);
  const orderId = tab.visitor.cookies.get('paymentOrderId');
  expect(orderId, 'an order was placed').toBeTruthy();
  const res = await tab.visitor.fetch(`/billing/orders/${orderId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as {
    amount: number;
    tariffId: number;
    priceId: number;
    titleId: number | null;
  };
}

/** A paywall's «Выбрать» of one tariff's option (the hidden words name tariff and period). */
const choose = (tab: Tab, tariffName: string, period = '') =>
  links(tab.page.document, /^Выбрать/).find((a) => {
    const name = words(a);
    return name.includes(`${tariffName.replace(/\s+/g, ' ')},`) && name.includes(period);
  });

describe('the three-step variant keeps what the viewer chose', () => {
  it('a rental chosen on a film’s paywall stays the rental, at its period step, and is what the order charges', async () => {
    const tab = await newViewer('three-rent', 'three_step');
    const film = await rentableFilm(tab.visitor);
    const rental = film.tariffs.find((x) => x.buy_type === 'TVOD')!;
    await tab.goto(`/paywall/film?contentId=${film.id}`);
    await tab.follow(choose(tab, rental.name));
    // Tariff and period were answered on the paywall: the tariff step is behind the viewer.
    expect(text(tab)).toMatch(/Шаг\s2\sиз\s3/u);
    expect(options(tab)).toHaveLength(1);
    expect(ticked(tab)).toMatch(/^Аренда/u);
    const order = await payAndReadOrder(tab);
    expect(order).toMatchObject({
      tariffId: rental.id,
      priceId: rental.prices[0]!.id,
      titleId: film.id,
      amount: rental.prices[0]!.price,
    });
  });

  it('«Другой тариф» from a film’s flow offers only what unlocks the film, the chosen one ticked, and a purchase picked there is bought', async () => {
    const tab = await newViewer('three-other', 'three_step');
    const film = await rentableFilm(tab.visitor);
    const rental = film.tariffs.find((x) => x.buy_type === 'TVOD')!;
    const purchase = film.tariffs.find((x) => x.buy_type === 'EST')!;
    await tab.goto(`/paywall/film?contentId=${film.id}`);
    await tab.follow(choose(tab, rental.name));
    await tab.follow(link(tab.page.document, 'Другой тариф'));
    expect(text(tab)).toMatch(/Шаг\s1\sиз\s3/u);
    const offered = options(tab).map((o) => o.label);
    expect(offered).toHaveLength(film.tariffs.length);
    for (const x of film.tariffs) expect(offered.some((l) => startsWithName(l, x.name))).toBe(true);
    expect(startsWithName(ticked(tab), rental.name)).toBe(true);

    check(options(tab).find((o) => startsWithName(o.label, purchase.name))?.input);
    await tab.submit(button(tab.page.document, 'Далее')!);
    expect(text(tab)).toMatch(/Шаг\s2\sиз\s3/u);
    const order = await payAndReadOrder(tab);
    expect(order).toMatchObject({
      tariffId: purchase.id,
      titleId: film.id,
      amount: purchase.prices[0]!.price,
    });
  });

  it('a subscription’s offer the flow named does not follow the viewer to a rental picked at the tariff step', async () => {
    const tab = await newViewer('three-offer', 'three_step');
    const film = await rentableFilm(tab.visitor);
    const rental = film.tariffs.find((x) => x.buy_type === 'TVOD')!;
    await tab.goto(`/payment?steps=three&offer=new_user&contentId=${film.id}`);
    check(options(tab).find((o) => startsWithName(o.label, rental.name))?.input);
    await tab.submit(button(tab.page.document, 'Далее')!);
    const order = await payAndReadOrder(tab);
    expect(order).toMatchObject({ tariffId: rental.id, amount: rental.prices[0]!.price });
  });

  it('a period chosen on a paywall is the period ticked and charged in the three-step variant', async () => {
    const tab = await newViewer('three-period', 'three_step');
    const main = await tariff(tab.visitor, 1);
    const quarter = main.prices.find((p) => p.period_duration === 90)!;
    await tab.goto('/paywall/default');
    await tab.follow(choose(tab, main.name, '3 месяца'));
    expect(text(tab)).toMatch(/Шаг\s2\sиз\s3/u);
    expect(ticked(tab)).toMatch(/^3\sмесяца/u);
    const order = await payAndReadOrder(tab);
    expect(order).toMatchObject({ tariffId: 1, priceId: quarter.id, amount: quarter.price });
  });

  it('a flow from a subscription’s title offers, a tariff at a time, only the subscription that unlocks it', async () => {
    const tab = await newViewer('three-title', 'three_step');
    const film = await subscriptionFilm(tab.visitor);
    const access = await tab.visitor.fetch(`/billing/visitor/access/${film.id}/`);
    const unlocking = ((await access.json()) as { tariffs: { name: string }[] }).tariffs;
    await tab.goto(`/payment?id=1&contentId=${film.id}`);
    expect(text(tab)).toMatch(/Шаг\s1\sиз\s3/u);
    const offered = options(tab).map((o) => o.label);
    expect(offered.some((l) => l.startsWith('Амедиатека'))).toBe(true);
    expect(offered.some((l) => l.startsWith('HBO Max') || l.startsWith('DAZN'))).toBe(false);
    expect(offered.map((l, i) => startsWithName(l, unlocking[i]?.name ?? '?'))).toEqual(
      unlocking.map(() => true),
    );
  });

  it('without a choice made before, the three-step variant still starts at the tariff, with the named one ticked', async () => {
    const tab = await newViewer('three-start', 'three_step');
    await tab.goto('/payment?id=2');
    expect(text(tab)).toMatch(/Шаг\s1\sиз\s3/u);
    expect(ticked(tab)).toMatch(/^HBO\sMax/u);
  });
});

describe('the new user’s offer on every paywall', () => {
  it('a new account sees «Первый месяц за 1 ₽» on the default paywall and is charged that for the month', async () => {
    const tab = await newViewer('newcomer', 'two_step');
    const main = await tariff(tab.visitor, 1);
    const month = main.prices.find((p) => p.offers.some((o) => o.name === 'new_user'))!;
    const offer = month.offers.find((o) => o.name === 'new_user')!;
    await tab.goto('/paywall/default');
    expect(headings(tab.page.document, loosely(offer.title)).length).toBe(1);
    await tab.follow(choose(tab, main.name, '1 месяц'));
    const order = await payAndReadOrder(tab);
    expect(order).toMatchObject({ tariffId: 1, priceId: month.id, amount: offer.first_price });
    expect(order.amount).not.toBe(month.price);
  });

  it('the offer’s own button on the default paywall charges the same first price', async () => {
    const tab = await newViewer('newcomer-button', 'two_step');
    const main = await tariff(tab.visitor, 1);
    const offer = main.prices[0]!.offers.find((o) => o.name === 'new_user')!;
    await tab.goto('/paywall/default');
    await tab.follow(tab.page.document.querySelector('[data-offer="new_user"]') ?? undefined);
    const order = await payAndReadOrder(tab);
    expect(order.amount).toBe(offer.first_price);
  });

  it('in the three-step variant a new account is charged the new user’s price too', async () => {
    const tab = await newViewer('newcomer-three', 'three_step');
    const main = await tariff(tab.visitor, 1);
    const offer = main.prices[0]!.offers.find((o) => o.name === 'new_user')!;
    await tab.goto('/advantages');
    await tab.follow(link(tab.page.document, 'Выбрать тариф'));
    expect(text(tab)).toMatch(/Шаг\s1\sиз\s3/u);
    await tab.submit(button(tab.page.document, 'Далее')!);
    const order = await payAndReadOrder(tab);
    expect(order.amount).toBe(offer.first_price);
  });

  it('a film’s paywall offers the new user’s month of the subscription that unlocks it', async () => {
    const tab = await newViewer('newcomer-film', 'two_step');
    const film = await subscriptionFilm(tab.visitor);
    const offer = (await tariff(tab.visitor, 1)).prices[0]!.offers.find(
      (o) => o.name === 'new_user',
    )!;
    await tab.goto(`/watch/${film.id}`);
    await tab.follow(link(tab.page.document, 'Смотреть'));
    expect(tab.url).toMatch(new RegExp(`^/paywall/[a-z-]+\\?contentId=${film.id}$`));
    expect(headings(tab.page.document, loosely(offer.title)).length).toBe(1);
    await tab.follow(tab.page.document.querySelector('[data-offer="new_user"]') ?? undefined);
    const order = await payAndReadOrder(tab);
    expect(order).toMatchObject({ tariffId: 1, amount: offer.first_price });
  });

  it('/payment names the new user’s first month beside the month only for an account that never held the tariff', async () => {
    const newcomer = await newViewer('payment-offer', 'two_step');
    const main = await tariff(newcomer.visitor, 1);
    const month = main.prices.find((p) => p.offers.some((o) => o.name === 'new_user'))!;
    const offer = month.offers.find((o) => o.name === 'new_user')!;
    const monthLabel = (tab: Tab) =>
      options(tab).find((o) => attr(o.input, 'value') === String(month.id))?.label;
    await newcomer.goto('/payment?id=1');
    expect(monthLabel(newcomer)).toMatch(loosely(offer.title));
    const subscriber = new Tab(await new Visitor().signInAsDemo('subscriber'));
    await subscriber.goto('/payment?id=1');
    expect(monthLabel(subscriber)).not.toMatch(loosely(offer.title));
    expect(monthLabel(subscriber)).toMatch(loosely(formatRub(month.price)));
  });

  it('an account that held the subscription sees no new user’s offer on the paywall and pays the list price', async () => {
    const visitor = await new Visitor().signInAsDemo('subscriber');
    const tab = new Tab(visitor);
    const main = await tariff(visitor, 1);
    const month = main.prices[0]!;
    for (const slug of ['default', 'new-user']) {
      await tab.goto(`/paywall/${slug}`);
      // The new user's paywall keeps its name, but offers its price to no one who held the tariff.
      expect(tab.page.document.querySelector('[data-offer]')).toBeNull();
      const shown = tab.page.document.querySelector('[data-tariff="1"] [data-price]');
      expect(attr(shown, 'data-price')).toBe(String(month.price));
    }
    await tab.follow(choose(tab, main.name, '1 месяц'));
    await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
    expect(button(tab.page.document, loosely(`Оплатить ${formatRub(month.price)}`))).toBeDefined();
  });
});
