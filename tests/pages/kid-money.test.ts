import { expect, it } from 'vitest';
import { isPaymentFlowPath } from '../../functions/shared/purchase-flow.ts';
import { MONEY_PAGES } from '../../src/lib/money-pages.ts';
import { loosely } from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

/**
 * A kid profile opening a page to buy, give or manage the account's money gets the forbidden
 * screen (docs/product.md, «Money»): status 403, why, and the way to an adult profile. Route by
 * route statuses are route-status.test.ts's; axe, the phone's width and switching back in a
 * browser are tests/e2e/kid-money.spec.ts's.
 */

/** Three kinds of money page: choosing what to pay for, giving a gift, managing subscriptions. */
const PAGES = ['/payment?id=1', '/gifts', '/subscription'];

const ADULT_ONLY = /Покупки, подписки и\sподарки доступны только во\sвзрослом профиле/;

/** The links whose text (or label) holds the name, as getByRole('link', { name }) finds them. */
const linksNamed = (root: Pick<ParentNode, 'querySelectorAll'>, name: string) =>
  [...root.querySelectorAll('a')].filter((a) =>
    loosely(name).test(`${words(a)} ${a.getAttribute('aria-label') ?? ''}`),
  );

/** The paths of the links in `main`. */
const linksOf = (document: Document) =>
  [...document.querySelectorAll('main a')].map(
    (a) => new URL(a.getAttribute('href') ?? '', 'http://localhost:8787').pathname,
  );

it('a kid profile is refused the money pages: the forbidden screen says why and leads to the profiles, with nothing of the page', async () => {
  const kid = await new Visitor().signInAsDemo('subscriber', { kid: true });
  for (const path of PAGES) {
    const { status, document } = await kid.open(path);
    expect(status, path).toBe(403);
    const main = document.querySelector('main')!;
    expect(
      [...main.querySelectorAll('h1')].map((h) => words(h)),
      path,
    ).toEqual(['Нет доступа']);
    expect(words(main), path).toMatch(ADULT_ONLY);
    expect(
      linksNamed(main, 'Сменить профиль').map((a) => a.getAttribute('href')),
      path,
    ).toEqual(['/settings/profiles']);
    // Nothing of the page it stands for: no form to pay, give or change anything.
    expect(main.querySelectorAll('form').length, path).toBe(0);
  }
});

it('every money page is refused to a kid profile alike, asked or posted to, and still names the page asked for', async () => {
  const kid = await new Visitor().signInAsDemo('subscriber', { kid: true });
  // One address per money route of src/lib/money-pages.ts, with a query the page would read.
  const paths = [...MONEY_PAGES].map((route) => `${route.replace('[slug]', 'default')}?id=1`);
  expect(paths).toHaveLength(15);
  for (const path of paths) {
    for (const method of ['GET', 'POST']) {
      const init = {
        method,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: method === 'POST' ? 'action=on&subscription=1&code=ABC' : undefined,
      };
      const { status, headers, document } = await kid.open(path, init);
      const what = `${method} ${path}`;
      // A page without a form of its own answers no POST, as before (functions/middleware).
      if (method === 'POST' && status === 405) continue;
      expect(status, what).toBe(403);
      expect(headers.get('cache-control'), what).toBe('private, no-cache');
      const main = document.querySelector('main')!;
      expect(textsOf(document, 'main h1'), what).toEqual(['Нет доступа']);
      expect(words(main), what).toMatch(ADULT_ONLY);
      expect(main.querySelectorAll('form').length, what).toBe(0);
      // The layout is the page's that was asked for: its canonical address and support form.
      const { pathname } = new URL(path, 'http://localhost:8787');
      const canonical = document.querySelector('link[rel="canonical"]')?.getAttribute('href');
      expect(new URL(canonical ?? '').pathname, what).toBe(pathname);
      const page = document.querySelector('#support-popup input[name="page"]');
      expect(page?.getAttribute('value') ?? null, what).toBe(
        isPaymentFlowPath(pathname) ? null : path,
      );
    }
  }
});

it('a kid profile’s settings lead only where it may go: no subscriptions, payments or parental control', async () => {
  const refusedToKid = [
    '/subscription',
    '/settings/payments',
    '/settings/aeroflot',
    '/payment-history',
    '/settings/parental',
  ];
  const menu = (document: Document) =>
    document.querySelector('nav[aria-label="Настройки"]') as ParentNode;

  const kid = await new Visitor().signInAsDemo('subscriber', { kid: true });
  // The overview itself is refused to a kid profile (kid-leaving.test.ts): its profiles page has the menu.
  const settings = (await kid.open('/settings/profiles')).document;
  expect(linksNamed(menu(settings), 'Покупки').map((a) => words(a))).toHaveLength(1);
  for (const name of ['Подписки', 'Платежи', 'Аэрофлот Бонус', 'Родительский контроль'])
    expect(
      linksNamed(menu(settings), name).map((a) => words(a)),
      name,
    ).toEqual([]);
  const kidLinks = linksOf(settings);
  expect(kidLinks).toContain('/settings/purchase');
  for (const path of [...refusedToKid, '/settings', '/settings/account', '/settings/devices'])
    expect(kidLinks).not.toContain(path);
  // What the account may watch stays open to the kid, without the way to manage it.
  const purchase = (await kid.open('/settings/purchase')).document;
  expect(textsOf(purchase, 'h2').filter((h) => h.includes('Подписки'))).toHaveLength(1);
  for (const path of refusedToKid) expect(linksOf(purchase)).not.toContain(path);

  const adult = await new Visitor().signInAsDemo('subscriber');
  const adultSettings = (await adult.open('/settings')).document;
  for (const name of ['Подписки', 'Платежи', 'Аэрофлот Бонус', 'Родительский контроль'])
    expect(
      linksNamed(menu(adultSettings), name).map((a) => words(a)),
      name,
    ).toHaveLength(1);
  const adultLinks = linksOf(adultSettings);
  for (const path of refusedToKid) expect(adultLinks).toContain(path);
  expect(linksOf((await adult.open('/settings/purchase')).document)).toContain('/subscription');
});

it('a kid profile on a paid film’s page is offered no price and no paywall, only the way to an adult profile', async () => {
  const kid = await new Visitor().signInAsDemo('subscriber', { kid: true });
  // A film for a kid that only a rental or a purchase unlocks: the demo subscriber has every
  // subscription, so the one its kid profile is still refused.
  const listed = await kid.fetch('/cms/products/rent-hd/content/?page_size=60');
  const { results } = (await listed.json()) as { results: { id: number; type: string }[] };
  let film: number | undefined;
  for (const { id } of results.filter((t) => t.type === 'movie')) {
    const access = (await (await kid.fetch(`/billing/visitor/access/${id}/`)).json()) as {
      allowed: boolean;
    };
    if (!access.allowed) {
      expect(access).toMatchObject({ reason: 'not_entitled', may_pay: false, paywall: null });
      film = id;
      break;
    }
  }
  if (!film) throw new Error('the seed has no kid film the demo subscriber has not bought');

  const { document } = await kid.open(`/watch/${film}`);
  const unlock = document.querySelector('[data-title-unlock]')!;
  expect(words(unlock)).toMatch(ADULT_ONLY);
  expect(linksNamed(unlock, 'Сменить профиль').map((a) => a.getAttribute('href'))).toEqual([
    '/settings/profiles',
  ]);
  // No price, no way to a paywall, which would refuse it.
  expect(words(unlock)).not.toContain('₽');
  expect(linksOf(document).filter((path) => path.startsWith('/paywall'))).toEqual([]);
});
