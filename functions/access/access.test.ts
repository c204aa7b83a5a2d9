import { env } from 'cloudflare:workers';
import { sign } from 'hono/jwt';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../domains/catalogue/test-fixtures.ts';
import { call, fromEdgeCache, RETURNING } from '../test-helpers.ts';
import { canPlay, type Entitlement, type PlayItem, type Rights } from './play.ts';
import type { Viewer } from './viewer.ts';

/**
 * Each access rule on each API surface (the pages' table is tests/pages/access.test.ts). In the
 * fixture: title 7 is Paramount+ (CIS only, 6+), 4 is a kids title (CIS only, 0+), 3 is an 18+
 * movie; channel 'kino-hd' is 16+, 'multik' 0+.
 */

interface Who {
  label: string;
  country: string;
  kid?: boolean;
}
const RU: Who = { label: 'a viewer in Russia', country: 'RU' };
const DE: Who = { label: 'a viewer in Germany', country: 'DE' };
const ADULT: Who = { label: 'an adult profile', country: 'RU', kid: false };
const KID: Who = { label: 'a kid profile', country: 'RU', kid: true };

const tokenCookie = async (kid: boolean) =>
  `token=${await sign({ hash: 'h', acc: 1, sub: 1, bil: 1, kid, exp: Math.floor(Date.now() / 1000) + 600 }, env.JWT_SECRET!)}`;

async function ask(path: string, who: Who) {
  const cookie =
    who.kid === undefined ? RETURNING.cookie : `${RETURNING.cookie}; ${await tokenCookie(who.kid)}`;
  const res = await call(path, { country: who.country, headers: { cookie } });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** Whether an answer mentions the item anywhere (a card, a shelf item, a banner, a channel). */
function mentions(body: unknown, key: number | string): boolean {
  if (Array.isArray(body)) return body.some((v) => mentions(v, key));
  if (!body || typeof body !== 'object') return false;
  const o = body as Record<string, unknown>;
  if (o.id === key || o.slug === key || o.contentId === key || o.section === key) return true;
  return Object.values(o).some((v) => mentions(v, key));
}

interface Row {
  rule: string;
  surface: string;
  path: string;
  item: number | string;
  allowed: Who;
  refused: Who;
  /** A list leaves the item out; a detail or a section answers 403 with this reason. */
  reason?: 'region_restricted' | 'kid_profile' | 'age_restricted';
}

const paramount = (surface: string, path: string, reason?: Row['reason']): Row => ({
  rule: 'Paramount+ is for the CIS only',
  surface,
  path,
  item: 7,
  allowed: RU,
  refused: DE,
  reason,
});
const kids = (surface: string, path: string, reason?: Row['reason']): Row => ({
  rule: 'Детям is for the CIS only',
  surface,
  path,
  item: 4,
  allowed: RU,
  refused: DE,
  reason,
});
const adultTitle = (surface: string, path: string, reason?: Row['reason']): Row => ({
  rule: 'a kid profile sees nothing above 6+',
  surface,
  path,
  item: 3,
  allowed: ADULT,
  refused: KID,
  reason,
});

const TABLE: Row[] = [
  paramount('API list', '/cms/content/movies/'),
  paramount('API list of partner titles', '/cms/content/special/'),
  paramount('API detail', '/cms/content/movie/7/', 'region_restricted'),
  paramount(
    'API partner section',
    '/cms/content/special/?partner=paramount-plus',
    'region_restricted',
  ),
  paramount('search', '/cms/search/?query=лента'),
  paramount('search preset', '/cms/search/preset/'),
  paramount('collection', '/cms/showcases/collections/na-vecher/'),
  paramount('home shelf', '/cms/showcases/featured/'),
  paramount('page banners', '/cms/showcases/page-banners/?page=/'),
  paramount('product content', '/cms/products/amediateka/content/'),
  paramount('partner product', '/cms/products/paramount-plus/content/', 'region_restricted'),
  paramount('recommendations', '/cms/content/recommendations/?content_id=2'),
  paramount('metadata resolve', '/cms/metadata/resolve/?path=/watch/7', 'region_restricted'),
  paramount('mediascope', '/cms/metadata/mediascope/?content_id=7', 'region_restricted'),
  kids('API section list', '/cms/content/kids/', 'region_restricted'),
  kids('API detail', '/cms/content/kids/4/', 'region_restricted'),
  kids('search', '/cms/search/?query=лисенок'),
  {
    ...kids(
      'metadata resolve of the section',
      '/cms/metadata/resolve/?path=/kids',
      'region_restricted',
    ),
    item: 'kids',
  },
  adultTitle('API list', '/cms/content/movies/'),
  adultTitle('API detail', '/cms/content/movie/3/', 'kid_profile'),
  adultTitle('search', '/cms/search/?query=смех'),
  adultTitle('collection', '/cms/showcases/collections/na-vecher/'),
  {
    rule: 'a kid profile sees no adult channel',
    surface: 'TV channels',
    path: '/cms/tv/channels/',
    item: 'kino-hd',
    allowed: ADULT,
    refused: KID,
  },
  {
    rule: 'a kid profile sees no adult channel',
    surface: 'TV guide of a channel',
    path: '/cms/tv/channels/kino-hd/',
    item: 'kino-hd',
    allowed: ADULT,
    refused: KID,
    reason: 'kid_profile',
  },
  ...(
    [
      ['API list', '/cms/content/movies/?age=12'],
      ['search', '/cms/search/?query=смех&age=12'],
      ['collection', '/cms/showcases/collections/na-vecher/?age=12'],
    ] as const
  ).map(
    ([surface, path]): Row => ({
      rule: 'an explicit age parameter narrows what is shown',
      surface,
      path,
      item: 3,
      allowed: { ...RU, label: 'a viewer without it' },
      refused: { ...RU, label: 'a viewer asking for 12+' },
    }),
  ),
  {
    rule: 'an explicit age parameter narrows what is shown',
    surface: 'API detail',
    path: '/cms/content/movie/3/?age=12',
    item: 3,
    allowed: RU,
    refused: RU,
    reason: 'age_restricted',
  },
];

beforeAll(async () => {
  await loadCatalogueFixture();
  const statements = [
    // Paramount+ on every shared surface: a collection, the home shelf, the home banner, a product.
    'INSERT INTO collection_items (collection_id, title_id, position) VALUES (1, 7, 4)',
    "INSERT INTO page_banners (id, page, position, title_id, headline, text) VALUES (4, '/', 3, 7, 'Классика', '')",
    "INSERT INTO products (id, slug, name, buy_type, partner) VALUES (4, 'paramount-plus', 'Paramount+', 'SVOD', 'paramount-plus')",
    'INSERT INTO title_products (title_id, product_id) VALUES (7, 4)',
    'DELETE FROM tv_channels',
    "INSERT INTO tv_channels (id, slug, name, description, position, age_rating) VALUES (1, 'kino-hd', 'Кино HD', '', 1, 16), (2, 'multik', 'Мультик', '', 2, 0)",
  ];
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
});

describe('one access policy on every API surface', () => {
  it.each(TABLE)('$rule — $surface ($path)', async (row) => {
    const path = row.path;
    const allowedPath = row.rule.startsWith('an explicit age')
      ? path.replace(/[?&]age=12/, '')
      : path;
    const allowed = await ask(allowedPath, row.allowed);
    expect(allowed.status, `${row.allowed.label}: ${allowedPath}`).toBe(200);
    expect(mentions(allowed.body, row.item), `${row.allowed.label} sees it`).toBe(true);

    const refused = await ask(path, row.refused);
    if (row.reason) {
      expect(refused.status, `${row.refused.label}: ${path}`).toBe(403);
      expect(refused.body).toMatchObject({
        message: expect.any(String),
        details: { reason: row.reason },
      });
    } else {
      expect(refused.status, `${row.refused.label}: ${path}`).toBe(200);
      expect(mentions(refused.body, row.item), `${row.refused.label} does not see it`).toBe(false);
    }
  });

  it('keeps totals and paging right: a list counts only what the viewer may see', async () => {
    const ru = (await ask('/cms/content/movies/?page_size=1', RU)).body as { count: number };
    const de = (await ask('/cms/content/movies/?page_size=1', DE)).body as { count: number };
    expect(de.count).toBe(ru.count - 1);
    const special = (await ask('/cms/content/special/?page_size=1', DE)).body as {
      count: number;
      results: { partner: string }[];
    };
    expect(special.results.every((r) => r.partner !== 'none')).toBe(true);
    expect(special.count).toBe(1);
  });

  it('never serves a copy cached for a viewer in Russia to one in Germany', async () => {
    const path = '/cms/content/movies/?page_size=50';
    const cis = await fromEdgeCache('the CIS copy', async () => {
      const res = await call(path, { country: 'KZ', headers: RETURNING });
      expect(mentions(await res.clone().json(), 7)).toBe(true);
      return res;
    });
    expect(cis.headers.get('x-edge-cache'), 'the CIS copy is in the edge cache').toBe('HIT');
    const germany = await call(path, { country: 'DE', headers: RETURNING });
    expect(germany.headers.get('x-edge-cache')).not.toBe('HIT');
    expect(mentions(await germany.json(), 7)).toBe(false);
  });
});

describe('canPlay: what may play, on top of what may be seen', () => {
  const now = 1_800_000_000;
  const adult = (over: Partial<Viewer> = {}): Viewer => ({
    account: '1',
    profile: '1',
    isKid: false,
    ageLimit: undefined,
    regionGroup: 'cis',
    device: 'desktop',
    ip: '203.0.113.1',
    ...over,
  });
  const guest = adult({ account: null, profile: null });
  const kid = adult({ isKid: true, ageLimit: 6 });
  const film = (over: Partial<PlayItem> = {}): PlayItem => ({
    kind: 'title',
    type: 'movie',
    partner: 'none',
    ageRating: 16,
    free: false,
    titleId: 10,
    subscriptions: [1],
    ...over,
  });
  const channel: PlayItem = {
    kind: 'channel',
    ageRating: 12,
    free: false,
    titleId: null,
    subscriptions: [],
  };
  const entitlement = (over: Partial<Entitlement>): Entitlement => ({
    id: 1,
    kind: 'subscription',
    productId: 1,
    titleId: null,
    startsBy: null,
    startedAt: null,
    expiresAt: now + 86_400,
    ...over,
  });
  const rights = (
    entitlements: Entitlement[],
    parental: Partial<Rights['parental']> = {},
  ): Rights => ({
    entitlements,
    parental: { status: 'Undefined', ageLimit: 18, pinEntered: false, ...parental },
  });
  const none = rights([]);
  const subscribed = rights([entitlement({})]);

  const TABLE: [string, Viewer, PlayItem, Rights | null, string][] = [
    ['a guest plays a free episode', guest, film({ type: 'series', free: true }), null, 'free'],
    ['a guest plays a trailer', guest, film({ type: 'trailer', free: true }), null, 'free'],
    ['a guest plays a free channel', guest, { ...channel, free: true }, null, 'free'],
    ['a guest is asked to sign in for a film', guest, film(), null, 'sign_in_required'],
    ['a guest is asked to sign in for a paid channel', guest, channel, null, 'sign_in_required'],
    ['an account without entitlements is not entitled', adult(), film(), none, 'not_entitled'],
    ['a subscriber to the title’s product plays it', adult(), film(), subscribed, 'subscription'],
    [
      'a subscription to another product does not unlock it',
      adult(),
      film({ subscriptions: [2] }),
      subscribed,
      'not_entitled',
    ],
    [
      'an expired subscription unlocks nothing',
      adult(),
      film(),
      rights([entitlement({ expiresAt: now })]),
      'not_entitled',
    ],
    ['any subscription unlocks a channel', adult(), channel, subscribed, 'subscription'],
    [
      'a purchase of the title plays forever',
      adult(),
      film(),
      rights([entitlement({ kind: 'purchase', titleId: 10, expiresAt: null })]),
      'purchase',
    ],
    [
      'a purchase of another title does not',
      adult(),
      film(),
      rights([entitlement({ kind: 'purchase', titleId: 11, expiresAt: null })]),
      'not_entitled',
    ],
    [
      'an unstarted rental before its deadline starts',
      adult(),
      film(),
      rights([entitlement({ kind: 'rental', titleId: 10, startsBy: now + 60, expiresAt: null })]),
      'rental:starts',
    ],
    [
      'an unstarted rental past its deadline is over',
      adult(),
      film(),
      rights([entitlement({ kind: 'rental', titleId: 10, startsBy: now, expiresAt: null })]),
      'not_entitled',
    ],
    [
      'a started rental within its window plays',
      adult(),
      film(),
      rights([
        entitlement({ kind: 'rental', titleId: 10, startedAt: now - 60, expiresAt: now + 60 }),
      ]),
      'rental',
    ],
    [
      'a started rental past its window is over',
      adult(),
      film(),
      rights([entitlement({ kind: 'rental', titleId: 10, startedAt: now - 60, expiresAt: now })]),
      'not_entitled',
    ],
    [
      'a subscription is used before an unstarted rental is started',
      adult(),
      film(),
      rights([
        entitlement({ id: 2, kind: 'rental', titleId: 10, startsBy: now + 60, expiresAt: null }),
        entitlement({}),
      ]),
      'subscription',
    ],
    [
      'parental control asks for the PIN at its age setting',
      adult(),
      film({ ageRating: 16 }),
      rights([entitlement({})], { status: 'Enabled', ageLimit: 16 }),
      'pin_required',
    ],
    [
      'parental control asks for the PIN for free content too',
      adult(),
      film({ ageRating: 18, type: 'trailer', free: true }),
      rights([], { status: 'Enabled', ageLimit: 18 }),
      'pin_required',
    ],
    [
      'below the age setting no PIN is asked',
      adult(),
      film({ ageRating: 12 }),
      rights([entitlement({})], { status: 'Enabled', ageLimit: 16 }),
      'subscription',
    ],
    [
      'a PIN entered in this session lets it play',
      adult(),
      film({ ageRating: 18 }),
      rights([entitlement({})], { status: 'Enabled', ageLimit: 16, pinEntered: true }),
      'subscription',
    ],
    [
      'parental control disabled asks nothing',
      adult(),
      film({ ageRating: 18 }),
      rights([entitlement({})], { status: 'Disabled', ageLimit: 12 }),
      'subscription',
    ],
    ['a kid profile plays no 18+ title', kid, film({ ageRating: 18 }), subscribed, 'kid_profile'],
    [
      'outside the CIS a Paramount+ title does not play',
      adult({ regionGroup: 'other' }),
      film({ partner: 'paramount-plus', free: true }),
      subscribed,
      'region_restricted',
    ],
  ];

  it.each(TABLE)('%s', (_label, viewer, item, given, expected) => {
    const decision = canPlay(viewer, item, given, now);
    const got = decision.allowed
      ? decision.unlock.by === 'rental' && decision.unlock.starts
        ? 'rental:starts'
        : decision.unlock.by
      : decision.reason;
    expect(got).toBe(expected);
  });
});
