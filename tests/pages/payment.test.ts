import { parseHTML } from 'linkedom';
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
  expect(text).toContain('Вы покупаете подписку «Амедиатека» на 1 месяц');
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

it('on another address than the site’s own, the payment screen says where to pay and places no order', async () => {
  const tab = await startBuying();
  const other = 'http://127.0.0.1:8787';
  const shown = await tab.visitor.fetch(`${other}${tab.url}`);
  expect(shown.status).toBe(200);
  const { document } = parseHTML(await shown.text());
  expect(words(document.querySelector('main'))).toMatch(
    /Оплатить можно только на сайте localhost:8787/,
  );
  const go = [...document.querySelectorAll('main a')].find((a) => /Перейти на/.test(words(a)));
  expect(attr(go, 'href')).toBe(`http://localhost:8787${tab.url}`);
  expect(button(document, /Оплатить/)).toBeUndefined();
  const posted = await tab.visitor.fetch(`${other}${tab.url}`, {
    method: 'POST',
    headers: { origin: other, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'bank_card', clientKey: crypto.randomUUID() }),
  });
  expect(posted.status).toBe(422);
  expect(posted.headers.get('set-cookie') ?? '').not.toContain('paymentOrderId');
  const history = (await (await tab.visitor.fetch('/billing/visitor-payments/')).json()) as {
    results: unknown[];
  };
  expect(history.results).toEqual([]);
  // On the site's own address the same screen offers «Оплатить».
  expect(button(tab.page.document, /Оплатить/)).toBeTruthy();
});

it('an adult token kept after switching to a kid profile places no order from the payment screen', async () => {
  const tab = await startBuying();
  const { visitor } = tab;
  const adultToken = visitor.cookies.get('token')!;
  const created = await visitor.post('/auth/users/', { name: 'Маша', isKid: true });
  const { id } = (await created.json()) as { id: number };
  expect((await visitor.post('/auth/users/switch/', { userId: id })).status).toBe(200);
  // The adult token put back, as a copied token would be: the screen still opens for it.
  visitor.cookies.set('token', adultToken);
  await tab.goto(tab.url);
  expect(tab.page.status).toBe(200);
  await tab.submit(button(tab.page.document, /Оплатить/)!);
  expect(tab.page.status).toBe(403);
  expect(words(tab.page.document.querySelector('main'))).toMatch(
    /Покупки, подписки и\sподарки доступны только во\sвзрослом профиле/,
  );
  const paid = await visitor.fetch('/billing/visitor-payments/');
  expect(((await paid.json()) as { count: number }).count).toBe(0);
});

it('an adult token kept after switching to a kid profile opens none of the account’s money pages', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`kept-${unique()}@example.ru`);
  const adultToken = visitor.cookies.get('token')!;
  const created = await visitor.post('/auth/users/', { name: 'Маша', isKid: true });
  const { id } = (await created.json()) as { id: number };
  expect((await visitor.post('/auth/users/switch/', { userId: id })).status).toBe(200);
  visitor.cookies.set('token', adultToken);
  const tab = new Tab(visitor);
  for (const path of ['/settings/payments', '/payment-history', '/gifts', '/subscription']) {
    await tab.goto(path);
    expect([path, tab.page.status]).toEqual([path, 403]);
    expect(words(tab.page.document.querySelector('main'))).toMatch(
      /Покупки, подписки и\sподарки доступны только во\sвзрослом профиле/,
    );
  }
});
