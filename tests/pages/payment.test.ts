import { expect, it } from 'vitest';
import {
  attr,
  button,
  buttons,
  check,
  headings,
  labelled,
  loosely,
  Tab,
} from './support/html-form.ts';
import { Visitor, words } from './support/visitor.ts';

// The payment screen as the server renders it: the purchase-flow cookies are what /payment (the
// step before) leaves behind.

const unique = () => crypto.randomUUID().slice(0, 8);

/** A signed-up viewer in the middle of buying the monthly subscription, from a series' page. */
async function startBuying(): Promise<Tab> {
  const visitor = new Visitor();
  await visitor.signUp(`pay-${unique()}@example.ru`);
  const list = (await (await visitor.fetch('/cms/content/series/?page_size=1')).json()) as {
    results: { url: string }[];
  };
  const titleId = String(list.results[0]!.url).split('/').pop()!;
  for (const [name, value] of [
    ['tariffId', '1'],
    ['subscriptionId', '1'],
    ['tariffType', 'SVOD'],
  ] as const)
    visitor.cookies.set(name, value);
  const tab = new Tab(visitor);
  await tab.goto(`/payment-type?contentId=${titleId}`);
  return tab;
}

/** A payment method's radio by the words of its label. */
const method = (tab: Tab, name: RegExp) =>
  [...tab.page.document.querySelectorAll('label.pay__method')]
    .find((l) => name.test(words(l)))
    ?.querySelector('input[type="radio"]') ?? undefined;

it('the payment screen names what is bought and leaves the renewal consent unticked, saying why', async () => {
  const tab = await startBuying();
  const text = words(tab.page.document.querySelector('main'));
  expect(text).toContain('Подписка «Амедиатека» на 1 месяц');
  const consent = labelled(
    tab.page.document,
    'Сохранить карту и продлевать подписку автоматически',
  );
  expect(attr(consent, 'type')).toBe('checkbox');
  expect(attr(consent, 'checked')).toBeNull();
  expect(text).toMatch(/Без этой отметки карта не\s+сохраняется/);
});

it('the SBP waiting screen checks again by itself, without JavaScript', async () => {
  const tab = await startBuying();
  check(method(tab, /СБП/));
  await tab.submit(button(tab.page.document, /Оплатить/)!);
  expect(headings(tab.page.document, 'Оплата по СБП').map((h) => words(h))).toHaveLength(1);
  expect(tab.page.headers.get('refresh')).toBe('4');
});

it('the SBP variant adds a button that pays by SBP at once; the control does not', async () => {
  const tab = await startBuying();
  const keep = (value: string) =>
    tab.visitor.cookies.set('em_experiment', encodeURIComponent(value));
  keep('sbp:control,steps:two_step');
  await tab.goto(tab.url);
  expect(buttons(tab.page.document, loosely('Быстрая оплата через СБП')).length).toBe(0);
  keep('sbp:sbp,steps:two_step');
  await tab.goto(tab.url);
  // The card stays ticked: the variant's button pays by SBP whatever is ticked.
  expect(attr(method(tab, /Банковская карта/), 'checked')).not.toBeNull();
  await tab.submit(button(tab.page.document, 'Быстрая оплата через СБП')!);
  expect(headings(tab.page.document, 'Оплата по СБП').map((h) => words(h))).toHaveLength(1);
});
