import { expect, it } from 'vitest';
import { button, check, dialog, dialogs, fill, labelled, link, Tab } from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

/** The money pages' server side, on the two-step flow without the SBP button. */

const unique = () => crypto.randomUUID().slice(0, 8);
/** A pattern whose spaces match any space: the pages are typeset with no-break spaces. */
const spaced = (source: string) => new RegExp(source.replace(/ /g, '\\s'));
/** A paywall's «Выбрать» link of one tariff and period (its name ends in hidden words). */
const choose = (tab: Tab, what: string) =>
  link(tab.page.document, new RegExp(`^Выбрать\\s?:\\s${what.replace(/ /g, '\\s')}`));

/** A fresh account, signed in, on the two-step payment flow (the kept variants, as the event manager keeps them). */
async function newViewer(prefix: string): Promise<Tab> {
  const visitor = new Visitor();
  await visitor.signUp(`${prefix}-${unique()}@example.ru`);
  visitor.cookies.set('em_experiment', encodeURIComponent('steps:two_step,sbp:control'));
  return new Tab(visitor);
}

/** On /payment (two steps): the given period of the tariff, then on to /payment-type. */
async function choosePeriod(tab: Tab, period: RegExp) {
  expect(words(tab.page.document.body)).toMatch(/Шаг\s1\sиз\s2/);
  const option = [...tab.page.document.querySelectorAll('label')]
    .find((l) => period.test(words(l)))
    ?.querySelector('input[type="radio"]');
  check(option ?? undefined);
  await tab.submit(button(tab.page.document, 'Перейти к оплате')!);
  expect(tab.url).toMatch(/\/payment-type/);
}

async function redeem(tab: Tab, code: string) {
  await tab.goto('/activate');
  fill(labelled(tab.page.document, 'Промокод'), code);
  await tab.submit(button(tab.page.document, 'Активировать')!);
}

it('a promo code redeemed on /activate shows its popup', async () => {
  const tab = await newViewer('journey-promo');
  await redeem(tab, 'AMEDIA30');
  const popup = dialog(tab.page.document, 'Месяц Амедиатеки в подарок');
  expect(words(popup)).toMatch(spaced('30 дней подписки уже ваши'));
});

it('a discount code leads through the paywall and /payment to the halved price on /payment-type', async () => {
  const tab = await newViewer('journey-half');
  await redeem(tab, 'HALFPRICE');
  await tab.follow(link(dialogs(tab.page.document)[0]!, 'Перейти к оплате'));
  expect(tab.url).toMatch(/\/paywall\/default\?promo=HALFPRICE/);
  await tab.follow(choose(tab, 'Амедиатека, 1 месяц'));
  await choosePeriod(tab, /1\sмесяц/);
  expect(tab.url).toMatch(/promo=HALFPRICE/);
  expect(words(tab.page.document.querySelector('main'))).toMatch(/HALFPRICE/);
  expect(button(tab.page.document, /Оплатить\s299,50/)).toBeDefined();
});
