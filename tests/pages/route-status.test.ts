import { describe, expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

/**
 * Every route of the spec's section 2 answers each kind of visitor as this table says: a guest,
 * the demo subscriber and its kid profile, each in the CIS (RU) and outside it (DE). Plain HTTP,
 * redirects not followed: the status (and where a redirect leads) is all a row asserts; what each
 * page shows is the other tests' business. A kid profile is refused every page to buy, pay, redeem,
 * give or manage the account's money (docs/product.md, «Money»).
 */

/** A status, or a redirect's status and the path (with query) it leads to; `*` ends a prefix. */
type Answer = 200 | 403 | 404 | `${301 | 302 | 303} ${string}`;
/** One answer in both regions, or one per region where the region decides. */
type Cell = Answer | { cis: Answer; outside: Answer };
type Who = 'guest' | 'subscriber' | 'kid';
type Region = 'cis' | 'outside';

/** A guest sent to sign in and back: pages of one's own account and of paying. */
const signIn = (path: string): Answer => `302 /auth?backPath=${encodeURIComponent(path)}`;
/** Paramount+ and Детям exist only in the CIS (docs/product.md, «Who sees what»). */
const CIS_ONLY: Cell = { cis: 200, outside: 403 };
/** The demo subscriber's seeded orders (functions/db/seed/demo.ts): one paid, one canceled. */
const paidOrder = 'demo-subscriber-4';
const canceledOrder = 'demo-subscriber-5';

type Row = [path: string, guest: Cell, subscriber: Cell, kid: Cell];

// biome-ignore format: one route a line reads as the table it is
const ACCOUNT_ROUTES: Row[] = [
  ['/',                          200,                              200,                              200],
  ['/auth',                      200,                              '302 /',                          '302 /'],
  ['/code',                      '302 /code/auth',                 200,                              200],
  ['/code/auth',                 200,                              '302 /code',                      '302 /code'],
  ['/activate',                  '302 /activate/auth',             200,                              403],
  ['/activate/auth',             200,                              '302 /activate',                  '302 /activate'],
  ['/advantages',                200,                              200,                              403],
  ['/paywall/default',           200,                              200,                              403],
  ['/paywall/no-such',           404,                              404,                              403],
  // The retention paywall of one of the viewer's subscriptions: none named, the «Ошибка» dialog.
  ['/paywall/retention',         signIn('/paywall/retention'),     200,                              403],
  ['/payment',                   signIn('/payment'),               200,                              403],
  ['/payment?id=1',              signIn('/payment?id=1'),          200,                              403],
  ['/payment?id=999',            signIn('/payment?id=999'),        404,                              403],
  ['/payment/redirect',          signIn('/payment/redirect'),      404,                              403],
  [`/payment/redirect?orderId=${paidOrder}`,
                                 signIn(`/payment/redirect?orderId=${paidOrder}`),
                                                                   `303 /success?orderId=${paidOrder}`,
                                                                                                     403],
  [`/payment/redirect?orderId=${canceledOrder}`,
                                 signIn(`/payment/redirect?orderId=${canceledOrder}`),
                                                                   200,                              403],
  ['/payment-history',           signIn('/payment-history'),       200,                              403],
  ['/payment-type',              signIn('/payment-type'),          200,                              403],
  ['/poll/why-not-subscribing',  200,                              200,                              200],
  ['/poll/unsubscribe',          200,                              200,                              200],
  ['/poll/why-not-subscribing?poll_slug=unsubscribe',
                                 200,                              200,                              200],
  ['/poll/no-such',              404,                              404,                              404],
  ['/free-access',               200,                              200,                              403],
  // No order named: the account's payments are in its payment history.
  ['/success',                   signIn('/success'),               '302 /payment-history',           403],
  [`/success?orderId=${paidOrder}`,
                                 signIn(`/success?orderId=${paidOrder}`),
                                                                   200,                              403],
  [`/success?orderId=${canceledOrder}`,
                                 signIn(`/success?orderId=${canceledOrder}`),
                                                                   `303 /payment/redirect?orderId=${canceledOrder}`,
                                                                                                     403],
  ['/gifts',                     '302 /gifts/auth',                200,                              403],
  ['/gifts/auth',                200,                              '302 /gifts',                     '302 /gifts'],
  ['/gifts/success',             signIn('/gifts/success'),         200,                              403],
  ['/reset-password',            200,                              200,                              200],
  ['/my',                        signIn('/my'),                    200,                              200],
  ['/my/favorite',               signIn('/my/favorite'),           200,                              200],
  ['/my/history',                signIn('/my/history'),            200,                              200],
  ['/subscription',              signIn('/subscription'),          200,                              403],
  // The subscriber goes on with its last episode; the kid profile has watched nothing yet.
  ['/resume',                    signIn('/resume'),                '302 /watch/*',
                                                                                                     '302 /'],
];

// biome-ignore format: one route a line reads as the table it is
const CATALOGUE_ROUTES: Row[] = [
  ['/search',                    200,                              200,                              200],
  // No title named: the catalogue's front page.
  ['/watch',                     '302 /',                          '302 /',                          '302 /'],
  ['/watch/999999',              404,                              404,                              404],
  ['/series',                    200,                              200,                              200],
  ['/movies',                    200,                              200,                              200],
  ['/hbo-max',                   200,                              200,                              200],
  ['/dazn',                      200,                              200,                              200],
  ['/kino1tv',                   200,                              200,                              200],
  ['/paramount-plus',            CIS_ONLY,                         CIS_ONLY,                         CIS_ONLY],
  ['/kids',                      CIS_ONLY,                         CIS_ONLY,                         CIS_ONLY],
  ['/tv',                        200,                              200,                              200],
  ['/tv/no-such',                404,                              404,                              404],
  ['/collections',               200,                              200,                              200],
  ['/collections/no-such',       404,                              404,                              404],
  ['/trailers',                  200,                              200,                              200],
  ['/big-screen',                200,                              200,                              200],
  ['/contacts',                  200,                              200,                              200],
  ['/faq',                       200,                              200,                              200],
  ['/404',                       404,                              404,                              404],
  ['/referral-rules',            200,                              200,                              200],
  ['/get-ip/',                   '301 /get-ip',                    '301 /get-ip',                    '301 /get-ip'],
  ['/get-ip',                    200,                              200,                              200],
];

// biome-ignore format: one route a line reads as the table it is
const SETTINGS: Row[] = [
  ['/settings',                  '302 /settings/auth',             200,                              403],
  ['/settings/auth',             200,                              '302 /settings',                  '302 /settings'],
  ['/settings/support',          '302 /settings/support/auth',     200,                              200],
  ['/settings/support/auth',     200,                              '302 /settings/support',          '302 /settings/support'],
  ['/settings/purchase',         signIn('/settings/purchase'),     200,                              200],
  ['/settings/devices',          '302 /settings/auth',             200,                              403],
  ['/settings/profiles',         '302 /settings/auth',             200,                              200],
  ['/settings/payments',         signIn('/settings/payments'),     200,                              403],
  ['/settings/aeroflot',         signIn('/settings/aeroflot'),     200,                              403],
  ['/settings/account',          '302 /settings/auth',             200,                              403],
  // Parental control is the adult's to set: a kid profile is refused.
  ['/settings/parental',         '302 /settings/auth',             200,                              403],
];

// Info pages (the canonical form has no trailing slash)
// biome-ignore format: one route a line reads as the table it is
const INFO_PAGES: Row[] = [
  ['/info/tos/',                 '301 /info/tos',                  '301 /info/tos',                  '301 /info/tos'],
  ['/info/tos',                  200,                              200,                              200],
  ['/info/recommendations',      200,                              200,                              200],
  ['/info/for-vendors',          200,                              200,                              200],
  ['/info/freezing',             200,                              200,                              200],
  ['/info/title-subscription-rules', 200,                          200,                              200],
  ['/info/consent-personal-data', 200,                             200,                              200],
  ['/info/policy',               200,                              200,                              200],
  ['/info/legal-information/',   '301 /info/legal-information',    '301 /info/legal-information',    '301 /info/legal-information'],
  ['/info/legal-information',    200,                              200,                              200],
  ['/info/privacy',              200,                              200,                              200],
  ['/info/no-such',              404,                              404,                              404],
];

/** The table in four parts, a test each: some 80 server-rendered pages a visitor in all. */
const TABLE: Record<string, Row[]> = {
  'main routes of sign-in, money and the account': ACCOUNT_ROUTES,
  'main routes of the catalogue and the service': CATALOGUE_ROUTES,
  settings: SETTINGS,
  'info pages': INFO_PAGES,
};

const COLUMN: Record<Who, 1 | 2 | 3> = { guest: 1, subscriber: 2, kid: 3 };
const COUNTRY: Record<Region, string> = { cis: 'RU', outside: 'DE' };
const REGION_NAME: Record<Region, string> = { cis: 'in the CIS', outside: 'outside the CIS' };

const expected = (cell: Cell, region: Region): string =>
  String(typeof cell === 'object' ? cell[region] : cell);

/** What the route answers: its status, and for a redirect where it leads (path and query). */
async function answer(visitor: Visitor, path: string, region: Region): Promise<string> {
  const res = await visitor.fetch(path, { headers: { 'cf-ipcountry': COUNTRY[region] } });
  await res.body?.cancel();
  const location = res.headers.get('location');
  if (!location) return String(res.status);
  const to = new URL(location, 'http://localhost:8787');
  return `${res.status} ${to.pathname}${to.search}`;
}

for (const who of ['guest', 'subscriber', 'kid'] as const) {
  describe(`every route of section 2 answers a ${who} as the table says, in and outside the CIS`, () => {
    for (const region of ['cis', 'outside'] as const)
      for (const [part, rows] of Object.entries(TABLE))
        it(`${REGION_NAME[region]}: ${part}`, async () => {
          // A visitor of its own: the session's cookies stay with it, and the pages' responses set
          // cookies (purchase flow, device) that must not leak into another test's visitor.
          const visitor = new Visitor();
          if (who !== 'guest') await visitor.signInAsDemo('subscriber', { kid: who === 'kid' });
          const want: string[] = [];
          const got: string[] = [];
          for (const row of rows) {
            const path = row[0];
            const cell = expected(row[COLUMN[who]], region);
            const actual = await answer(visitor, path, region);
            const prefix = cell.endsWith('*') ? cell.slice(0, -1) : null;
            want.push(`${region} ${path} → ${cell}`);
            got.push(`${region} ${path} → ${prefix && actual.startsWith(prefix) ? cell : actual}`);
          }
          expect(got).toEqual(want);
        });
  });
}
