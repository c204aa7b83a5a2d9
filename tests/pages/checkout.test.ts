import { describe, expect, it } from 'vitest';
import { formatRub } from '../../functions/shared/money.ts';
import { attr, button, check, links, Tab } from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

/**
 * The checkout as a viewer reads it: a paywall's per-month prices and savings (computed from the
 * tariff's own price list, read from the API), its offer first and the title's poster; one heading
 * through every step of the purchase; the terms beside the pay button.
 */

const unique = () => crypto.randomUUID().slice(0, 8);
const text = (tab: Tab) => words(tab.page.document.body);
/** Typeset text has no-break spaces where the test writes spaces. */
const spaced = (s: string) => s.replace(/\s+/g, ' ');

interface Price {
  id: number;
  price: number;
  period_duration: number;
}

/** The price list as the API sells it. */
const tariff = async (visitor: Visitor, id: number) =>
  (await (await visitor.fetch(`/billing/tariffs/${id}/`)).json()) as {
    name: string;
    prices: Price[];
  };

/** A film the rental sells. */
async function rentableFilm(visitor: Visitor) {
  const res = await visitor.fetch('/cms/products/rent-hd/content/?page_size=1');
  return ((await res.json()) as { results: { id: number; name: string }[] }).results[0]!;
}

/** The radios of /payment's form by the words of their labels. */
const radio = (tab: Tab, name: RegExp) =>
  [...tab.page.document.querySelectorAll('label')]
    .filter((l) => name.test(words(l)))
    .map((l) => l.querySelector('input[type="radio"]'))
    .find(Boolean) ?? undefined;

/** What a heading-and-title pair reads on the tab's page. */
const headingOf = (tab: Tab) => ({
  h1: words(tab.page.document.querySelector('main h1')),
  title: spaced(tab.page.document.title),
});

describe('a paywall', () => {
  it('shows each longer period’s price per month and its saving against paying monthly, from the tariff’s own prices', async () => {
    const visitor = new Visitor();
    const { prices } = await tariff(visitor, 1);
    const month = prices.find((p) => p.period_duration === 30)!;
    const longer = prices.filter((p) => p.period_duration > 30);
    expect(longer.length).toBeGreaterThan(0);
    const { document } = await visitor.open('/paywall/default');
    const rows = [...document.querySelectorAll('[data-tariff="1"] li')];
    expect(rows).toHaveLength(prices.length);
    for (const [i, p] of prices.entries()) {
      const row = words(rows[i]);
      if (p === month) {
        expect(row, 'the month itself saves nothing').not.toMatch(/в месяц|экономия/u);
        continue;
      }
      const months =
        p.period_duration % 365 === 0 ? (p.period_duration / 365) * 12 : p.period_duration / 30;
      const perMonth = Math.round(p.price / months / 100) * 100;
      const saving = month.price * months - p.price;
      const percent = Math.round((saving / (month.price * months)) * 100);
      expect(row).toContain(spaced(`≈ ${formatRub(perMonth)} в месяц`));
      expect(row).toContain(
        spaced(`экономия ${formatRub(saving)} (${percent} %) против оплаты помесячно`),
      );
    }
  });

  it('leads with the trial for a guest and an account new to the tariff, and not for a subscriber', async () => {
    const order = async (visitor: Visitor) => {
      const { document } = await visitor.open('/paywall/default');
      const blocks = [...document.querySelectorAll('[data-offer], [data-tariff]')];
      return blocks.map((b) => (b.hasAttribute('data-offer') ? 'offer' : 'tariff'));
    };
    expect((await order(new Visitor()))[0]).toBe('offer');
    const newcomer = new Visitor();
    await newcomer.signUp(`paywall-${unique()}@example.ru`);
    expect((await order(newcomer))[0]).toBe('offer');
    const subscriber = await new Visitor().signInAsDemo('subscriber');
    expect(await order(subscriber)).not.toContain('offer');
  });

  it('for a title shows the title’s poster, named by the title, and a plain paywall shows none', async () => {
    const visitor = new Visitor();
    const film = await rentableFilm(visitor);
    const { document } = await visitor.open(`/paywall/film?contentId=${film.id}`);
    const poster = document.querySelector('main header img');
    expect(attr(poster, 'alt')).toBe(film.name);
    expect(attr(poster, 'src')).toMatch(new RegExp(`poster.*\\b${film.id}\\b`));
    const plain = await visitor.open('/paywall/default');
    expect(plain.document.querySelector('main header img')).toBeNull();
  });
});

describe('the purchase flow', () => {
  it('keeps one heading and page title through the three steps; only «Шаг N из 3» changes', async () => {
    const visitor = new Visitor();
    await visitor.signUp(`steps-${unique()}@example.ru`);
    const tab = new Tab(visitor);
    await tab.goto('/payment?steps=three');
    expect(text(tab)).toMatch(/Шаг\s1\sиз\s3/u);
    const first = headingOf(tab);
    expect(first.h1).not.toBe('');
    expect(first.title.startsWith(first.h1)).toBe(true);
    check(radio(tab, /HBO\sMax/u));
    await tab.submit(button(tab.page.document, 'Далее')!);
    expect(text(tab)).toMatch(/Шаг\s2\sиз\s3/u);
    expect(headingOf(tab)).toEqual(first);
    await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
    expect(tab.url).toMatch(/^\/payment-type/);
    expect(button(tab.page.document, /^Оплатить/)).toBeDefined();
    expect(headingOf(tab)).toEqual(first);
  });

  it('from a film keeps the flow’s own heading from the tariff step to the payment step', async () => {
    const visitor = new Visitor();
    await visitor.signUp(`steps-film-${unique()}@example.ru`);
    const tab = new Tab(visitor);
    const film = await rentableFilm(visitor);
    await tab.goto(`/payment?steps=three&contentId=${film.id}`);
    expect(text(tab)).toMatch(/Шаг\s1\sиз\s3/u);
    const first = headingOf(tab);
    check(radio(tab, /^Аренда/u));
    await tab.submit(button(tab.page.document, 'Далее')!);
    expect(headingOf(tab)).toEqual(first);
    await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
    expect(tab.url).toMatch(/^\/payment-type/);
    expect(headingOf(tab)).toEqual(first);
    // A subscription's flow without a title is told apart: the heading names what every step sells.
    await tab.goto('/payment?steps=three');
    expect(headingOf(tab).h1).not.toBe(first.h1);
  });

  it('says beside «Оплатить» that paying accepts the terms, linking the public offer the site has', async () => {
    const visitor = new Visitor();
    await visitor.signUp(`terms-${unique()}@example.ru`);
    const tab = new Tab(visitor);
    await tab.goto('/payment?id=1');
    await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
    const pay = button(tab.page.document, /^Оплатить/)!;
    const terms = tab.page.document.getElementById(attr(pay, 'aria-describedby') ?? '');
    expect(words(terms)).toMatch(
      /^Нажимая кнопку оплаты, вы принимаете условия публичной оферты$/u,
    );
    // Beside the button: in the same group, right after it.
    expect(terms?.parentElement).toBe(pay.parentElement);
    const [offer] = links(terms!, 'публичной оферты');
    const terms200 = await visitor.open(attr(offer, 'href')!);
    expect(terms200.status).toBe(200);
    expect(words(terms200.document.querySelector('main'))).toMatch(/публичная оферта/u);
  });
});
