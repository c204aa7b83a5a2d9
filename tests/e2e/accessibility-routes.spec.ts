import { expect, type Page, test } from '@playwright/test';
import { atBothWidths, axe, overflow } from './support/axe.ts';
import { DEMO_SUBSCRIBER, signInAsDemo } from './support/demo.ts';

/**
 * axe-core on every route of the spec's section 2, as a guest and, where the page differs, signed
 * in as the demo subscriber and as its kid profile, each at the narrowest width (320 px) and a wide
 * one (1440 px): loaded once at 320 px and widened. One browser session walks a group of routes
 * (the signed-in ones sign in once, through the API). The bar is accessibility.spec.ts's: no WCAG 2.2 AA violation at all, whatever
 * its impact, and nothing scrolls sideways at 320 px (WCAG 1.4.10, reflow). accessibility.spec.ts already walks /, /series,
 * /search, /tv, the not-found page and a fresh account's settings; they are not repeated here.
 */

type Who = 'guest' | 'subscriber' | 'kid';
interface Group {
  name: string;
  who: Who;
  country?: string;
  /** A path, or how to find one (a page of the signed-in viewer's own data). */
  paths: (string | ((page: Page) => Promise<string>))[];
}

/** The retention offer of the demo subscriber's first subscription (its id from /subscription). */
async function retentionOffer(page: Page) {
  await page.goto('/subscription');
  const id = await page.locator('[data-subscription]').first().getAttribute('data-subscription');
  return `/paywall/retention?subscriptionId=${id}`;
}

const { paidOrder, canceledOrder } = DEMO_SUBSCRIBER;

const GROUPS: Group[] = [
  {
    name: 'sign-in pages',
    who: 'guest',
    paths: [
      '/auth',
      '/auth?step=signin',
      '/auth?step=signup',
      '/code/auth',
      '/activate/auth',
      '/gifts/auth',
      '/reset-password',
    ],
  },
  {
    name: 'payment-flow pages',
    who: 'guest',
    paths: [
      '/advantages',
      '/paywall/default',
      '/free-access',
      '/poll/why-not-subscribing',
      '/poll/unsubscribe',
    ],
  },
  {
    name: 'catalogue sections',
    who: 'guest',
    paths: ['/movies', '/hbo-max', '/dazn', '/kino1tv'],
  },
  {
    name: 'CIS-only and trailer sections',
    who: 'guest',
    paths: ['/paramount-plus', '/kids', '/trailers'],
  },
  {
    name: 'collections and the big-screen page',
    who: 'guest',
    paths: ['/collections', '/big-screen', '/referral-rules', '/404'],
  },
  {
    name: 'help pages',
    who: 'guest',
    paths: ['/contacts', '/faq', '/settings/auth', '/settings/support/auth'],
  },
  {
    name: 'info pages',
    who: 'guest',
    paths: ['/info/tos', '/info/recommendations', '/info/for-vendors', '/info/freezing'],
  },
  {
    name: 'legal pages',
    who: 'guest',
    paths: [
      '/info/title-subscription-rules',
      '/info/consent-personal-data',
      '/info/policy',
      '/info/legal-information',
      '/info/privacy',
    ],
  },
  {
    name: 'the forbidden screen outside the CIS',
    who: 'guest',
    country: 'DE',
    paths: ['/kids', '/paramount-plus'],
  },
  { name: 'the home page', who: 'subscriber', paths: ['/'] },
  {
    name: 'own lists',
    who: 'subscriber',
    paths: ['/my', '/my/favorite', '/my/history', '/code'],
  },
  {
    name: 'account pages',
    who: 'subscriber',
    paths: [
      '/activate',
      '/subscription',
      retentionOffer,
      '/payment-history',
      '/gifts',
      '/gifts/success',
    ],
  },
  {
    name: 'paying',
    who: 'subscriber',
    paths: [
      '/advantages',
      '/paywall/default',
      '/payment?id=1',
      '/payment-type',
      `/success?orderId=${paidOrder}`,
      `/payment/redirect?orderId=${canceledOrder}`,
      '/free-access',
      '/poll/unsubscribe',
    ],
  },
  {
    name: 'settings',
    who: 'subscriber',
    paths: [
      '/settings',
      '/settings/purchase',
      '/settings/profiles',
      '/settings/payments',
      '/settings/payments?receipt=demo-receipt-1',
      '/settings/parental',
    ],
  },
  {
    name: 'device and account settings',
    who: 'subscriber',
    paths: ['/settings/devices', '/settings/account', '/settings/support'],
  },
  { name: 'the home page', who: 'kid', paths: ['/'] },
  {
    name: 'kid pages',
    who: 'kid',
    // /settings and /settings/parental answer a kid with the forbidden screen; /settings/profiles
    // is the settings page a kid profile keeps.
    paths: ['/kids', '/my', '/movies', '/settings', '/settings/parental', '/settings/profiles'],
  },
];

/** The WCAG violations axe finds on the page, one line each (rule, impact, elements). */
async function violations(page: Page) {
  const { violations } = await axe(page).analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

for (const group of GROUPS) {
  const where = group.country ? ` in ${group.country}` : '';
  test(`${group.name} as a ${group.who}${where}: no WCAG 2.2 AA violation at 320 and 1440 px`, async ({
    page,
    baseURL,
  }) => {
    // axe needs a few seconds a page on two busy cores, more on the larger pages (/tv, /).
    test.setTimeout(60_000 + 2 * 15_000 * group.paths.length);
    if (group.country) await page.setExtraHTTPHeaders({ 'cf-ipcountry': group.country });
    if (group.who !== 'guest')
      await signInAsDemo(page.request, baseURL!, { kid: group.who === 'kid' });
    const found: Record<string, string[]> = {};
    for (const where of group.paths) {
      const path = typeof where === 'string' ? where : await where(page);
      await atBothWidths(page, path, async (width) => {
        const problems = await violations(page);
        const sideways = await overflow(page, width);
        if (sideways) problems.push(`scrolls sideways: ${width + sideways} px`);
        found[`${path} at ${width} px`] = problems;
      });
    }
    expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
  });
}
