import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { config } from '../lib/config.ts';
import { COOKIE } from '../shared/cookies.ts';
import { call } from '../test-helpers.ts';

const DAYS_30 = 2_592_000;
const DAYS_90 = 7_776_000;
const ATTRIBUTION_NAMES: string[] = [
  COOKIE.utmSource,
  COOKIE.utmMedium,
  COOKIE.utmCampaign,
  COOKIE.utmContent,
  COOKIE.partner,
  COOKIE.partnerUid,
];

/** A browser's top-level navigation: what a click on a link or an address-bar visit sends. */
const NAVIGATION = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
  'sec-fetch-site': 'cross-site',
};

/** A previous paid attribution held by the browser, to see what a visit keeps or replaces. */
const STORED = {
  utm_source: 'admitad',
  utm_medium: 'cpa',
  utm_campaign: 'old_campaign',
  utm_content: 'old_banner',
  partner: 'admitad',
  partner_uid: 'oldclickid123',
};

interface Visit {
  cookies?: Record<string, string>;
  referer?: string;
  headers?: Record<string, string>;
  method?: string;
}

interface SetCookie {
  value: string;
  maxAge: number | null;
  attributes: string[];
}

function setCookiesOf(res: Response): Map<string, SetCookie> {
  const out = new Map<string, SetCookie>();
  for (const line of res.headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((p) => p.trim());
    const eq = pair.indexOf('=');
    const maxAge = attributes.find((a) => a.toLowerCase().startsWith('max-age='));
    out.set(pair.slice(0, eq), {
      value: decodeURIComponent(pair.slice(eq + 1)),
      maxAge: maxAge ? Number(maxAge.split('=')[1]) : null,
      attributes,
    });
  }
  return out;
}

async function visit(path: string, { cookies, referer, headers, method }: Visit = {}) {
  const h = new Headers({ ...NAVIGATION, ...headers });
  if (cookies)
    h.set(
      'cookie',
      Object.entries(cookies)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('; '),
    );
  if (referer) h.set('referer', referer);
  const res = await call(path, { method, headers: h });
  return { res, cookies: setCookiesOf(res) };
}

/** The attribution cookies a response writes: name to new value, or null when it removes one. */
function attributionWritten(cookies: Map<string, SetCookie>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [name, c] of cookies) {
    if (ATTRIBUTION_NAMES.includes(name)) out[name] = c.maxAge === 0 ? null : c.value;
  }
  return out;
}

function maxAgesOf(cookies: Map<string, SetCookie>): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [name, c] of cookies) if (ATTRIBUTION_NAMES.includes(name)) out[name] = c.maxAge;
  return out;
}

describe('attribution rule table (docs/decisions.md), one test per row', () => {
  it.each(['cpc', 'cpm', 'partners', 'special'])(
    'a %s click replaces all four utm cookies, removes missing ones and clears a previous affiliate',
    async (medium) => {
      const { cookies } = await visit(
        `/?utm_source=yandex&utm_medium=${medium}&utm_campaign=spring`,
        { cookies: STORED },
      );
      expect(attributionWritten(cookies)).toEqual({
        utm_source: 'yandex',
        utm_medium: medium,
        utm_campaign: 'spring',
        utm_content: null,
        partner: null,
        partner_uid: null,
      });
    },
  );

  it('a paid click without utm_source removes the stored source', async () => {
    const { cookies } = await visit('/?utm_medium=cpc&utm_campaign=brand&utm_content=ad1', {
      cookies: STORED,
    });
    expect(attributionWritten(cookies)).toEqual({
      utm_source: null,
      utm_medium: 'cpc',
      utm_campaign: 'brand',
      utm_content: 'ad1',
      partner: null,
      partner_uid: null,
    });
  });

  it('an advcake cpa click stores the affiliate and its click id from advcake_params', async () => {
    const { cookies } = await visit(
      '/films?utm_source=advcake&utm_medium=cpa&utm_campaign=affiliate&utm_content=94563&advcake_params=551df83ec6c0471245780673ad926cdd',
      { cookies: STORED },
    );
    expect(attributionWritten(cookies)).toEqual({
      utm_source: 'advcake',
      utm_medium: 'cpa',
      utm_campaign: 'affiliate',
      utm_content: '94563',
      partner: 'advcake',
      partner_uid: '551df83ec6c0471245780673ad926cdd',
    });
  });

  it('an admitad cpa click stores the affiliate and its click id from admitad_uid', async () => {
    const { cookies } = await visit(
      '/?utm_source=admitad&utm_medium=cpa&utm_campaign=web_123&admitad_uid=0c0f4a8e1d2b4e6fa9b8c7d6e5f4a3b2',
    );
    expect(attributionWritten(cookies)).toEqual({
      utm_source: 'admitad',
      utm_medium: 'cpa',
      utm_campaign: 'web_123',
      partner: 'admitad',
      partner_uid: '0c0f4a8e1d2b4e6fa9b8c7d6e5f4a3b2',
    });
  });

  it('a cpa click from an unknown network leaves the stored attribution untouched', async () => {
    const { cookies } = await visit(
      '/?utm_source=cityads&utm_medium=cpa&utm_campaign=x&click_id=abc',
      { cookies: STORED },
    );
    expect(attributionWritten(cookies)).toEqual({});
  });

  it('a cpa click without utm_source leaves the stored attribution untouched', async () => {
    const { cookies } = await visit('/?utm_medium=cpa&admitad_uid=abc', { cookies: STORED });
    expect(attributionWritten(cookies)).toEqual({});
  });

  it.each([
    'dzen',
    'zen',
    'yandex_news',
    'google_news',
    'pulse',
    'rambler_news',
    'dzen.ru',
    'news.yandex.ru',
  ])(
    'an article_direct click from the news feed %s replaces the attribution and clears the affiliate',
    async (feed) => {
      const { cookies } = await visit(
        `/series/1?utm_source=${feed}&utm_medium=article_direct&utm_campaign=premiere`,
        {
          cookies: STORED,
        },
      );
      expect(attributionWritten(cookies)).toEqual({
        utm_source: feed,
        utm_medium: 'article_direct',
        utm_campaign: 'premiere',
        utm_content: null,
        partner: null,
        partner_uid: null,
      });
    },
  );

  it('an article_direct click from a source that is not a news feed leaves the attribution untouched', async () => {
    const { cookies } = await visit('/?utm_source=vk&utm_medium=article_direct', {
      cookies: STORED,
    });
    expect(attributionWritten(cookies)).toEqual({});
  });

  it('an article_direct click without utm_source leaves the attribution untouched', async () => {
    const { cookies } = await visit('/?utm_medium=article_direct', { cookies: STORED });
    expect(attributionWritten(cookies)).toEqual({});
  });

  it.each(['organic', 'email', 'social', 'referral', 'banner', 'push', 'qr'])(
    'a visit with utm_medium=%s (not a paid medium) leaves the stored attribution untouched',
    async (medium) => {
      const { cookies } = await visit(
        `/?utm_source=newsletter&utm_medium=${medium}&utm_campaign=c`,
        { cookies: STORED },
      );
      expect(attributionWritten(cookies)).toEqual({});
    },
  );

  it.each([
    ['https://www.kinopoisk.ru/film/12345/', 'kinopoisk.ru'],
    ['https://hd.kinopoisk.ru/', 'kinopoisk.ru'],
    ['https://www.afisha.ru/movie/1/', 'afisha.ru'],
    ['https://www.kino-teatr.ru/kino/movie/1/', 'kino-teatr.ru'],
    ['https://www.film.ru/movies/x', 'film.ru'],
    ['https://ru.kinorium.com/1/', 'kinorium.com'],
    ['https://www.kinonews.ru/', 'kinonews.ru'],
    ['https://kg-portal.ru/', 'kg-portal.ru'],
    ['https://kino.mail.ru/cinema/movies/1/', 'kino.mail.ru'],
  ])(
    'a link from the film portal %s without utm sets utm_source=%s and utm_medium=referral',
    async (referer, portal) => {
      const { cookies } = await visit('/movie/1', { referer, cookies: STORED });
      expect(attributionWritten(cookies)).toEqual({
        utm_source: portal,
        utm_medium: 'referral',
        utm_campaign: null,
        utm_content: null,
        partner: null,
        partner_uid: null,
      });
    },
  );

  it('a link from a film portal that carries a utm_medium follows that medium, not the referral row', async () => {
    const { cookies } = await visit('/?utm_source=kinopoisk&utm_medium=email', {
      referer: 'https://www.kinopoisk.ru/',
      cookies: STORED,
    });
    expect(attributionWritten(cookies)).toEqual({});
  });

  it('an empty utm_medium counts as no utm, so a film portal link still takes the referral row', async () => {
    const { cookies } = await visit('/?utm_medium=&utm_source=', {
      referer: 'https://www.afisha.ru/',
    });
    expect(attributionWritten(cookies)).toEqual({
      utm_source: 'afisha.ru',
      utm_medium: 'referral',
    });
  });

  it.each([
    'https://notkinopoisk.ru/',
    'https://kinopoisk.ru.example.com/',
    'https://mail.ru/',
    'https://www.google.com/',
    'https://yandex.ru/search/?text=x',
  ])(
    'a visit without utm from %s (not a film portal) leaves the attribution untouched',
    async (referer) => {
      const { cookies } = await visit('/', { referer, cookies: STORED });
      expect(attributionWritten(cookies)).toEqual({});
    },
  );

  it('a direct visit or an internal link without utm leaves the attribution untouched', async () => {
    expect(attributionWritten((await visit('/', { cookies: STORED })).cookies)).toEqual({});
    const internal = await visit('/films', { referer: 'http://localhost:8787/', cookies: STORED });
    expect(attributionWritten(internal.cookies)).toEqual({});
  });
});

describe('attribution values', () => {
  it('stores utm_source and utm_medium lower-case, campaign and content as given (Russian included)', async () => {
    const { cookies } = await visit(
      `/?utm_source=Yandex&utm_medium=CPC&utm_campaign=${encodeURIComponent('Весна_2026')}&utm_content=${encodeURIComponent('{ad_id}|{phrase_id}')}`,
    );
    expect(attributionWritten(cookies)).toEqual({
      utm_source: 'yandex',
      utm_medium: 'cpc',
      utm_campaign: 'Весна_2026',
      utm_content: '{ad_id}|{phrase_id}',
    });
  });

  it('trims spaces around values', async () => {
    const { cookies } = await visit(
      '/?utm_source=%20google%20&utm_medium=%20cpc%20&utm_campaign=%20brand%20',
    );
    expect(attributionWritten(cookies)).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'brand',
    });
  });

  it.each([
    ['markup', '<script>alert(1)</script>'],
    ['a cookie separator', 'a;b'],
    ['quotes', '"quoted"'],
    ['a control character', 'a\nb'],
    ['101 characters', 'x'.repeat(101)],
  ])('drops a campaign or content value with %s instead of storing it', async (_what, junk) => {
    const value = encodeURIComponent(junk);
    const { cookies } = await visit(
      `/?utm_source=google&utm_medium=cpc&utm_campaign=${value}&utm_content=${value}`,
      {
        cookies: STORED,
      },
    );
    expect(attributionWritten(cookies)).toMatchObject({
      utm_campaign: null,
      utm_content: null,
      utm_source: 'google',
    });
  });

  it('keeps a value of exactly 100 characters', async () => {
    const { cookies } = await visit(`/?utm_medium=cpc&utm_campaign=${'x'.repeat(100)}`);
    expect(attributionWritten(cookies).utm_campaign).toBe('x'.repeat(100));
  });

  it('treats a junk utm_medium as an unknown medium and leaves the attribution untouched', async () => {
    const { cookies } = await visit(
      `/?utm_source=google&utm_medium=${encodeURIComponent('cpc<x>')}`,
      { cookies: STORED },
    );
    expect(attributionWritten(cookies)).toEqual({});
  });

  it('matches the affiliate source case-insensitively', async () => {
    const { cookies } = await visit('/?utm_source=AdmitAd&utm_medium=CPA&admitad_uid=abc123');
    expect(attributionWritten(cookies)).toMatchObject({
      utm_source: 'admitad',
      partner: 'admitad',
      partner_uid: 'abc123',
    });
  });

  it.each([
    ['missing', ''],
    ['malformed', `&admitad_uid=${encodeURIComponent('м видео')}`],
    ['too long', `&admitad_uid=${'a'.repeat(65)}`],
  ])(
    'an affiliate click whose click id is %s still credits the affiliate but removes the old uid',
    async (_what, tail) => {
      const { cookies } = await visit(`/?utm_source=admitad&utm_medium=cpa${tail}`, {
        cookies: STORED,
      });
      expect(attributionWritten(cookies)).toMatchObject({ partner: 'admitad', partner_uid: null });
    },
  );

  it('reads each affiliate click id only from its own parameter', async () => {
    const { cookies } = await visit('/?utm_source=advcake&utm_medium=cpa&admitad_uid=notadvcakes', {
      cookies: STORED,
    });
    expect(attributionWritten(cookies)).toMatchObject({ partner: 'advcake', partner_uid: null });
  });

  it('a new affiliate click replaces the previous affiliate and its uid (last click wins)', async () => {
    const { cookies } = await visit('/?utm_source=advcake&utm_medium=cpa&advcake_params=newclick', {
      cookies: STORED,
    });
    expect(attributionWritten(cookies)).toMatchObject({
      partner: 'advcake',
      partner_uid: 'newclick',
      utm_campaign: null,
    });
  });

  it('never fails the request on odd cookies, an unparseable Referer or repeated parameters', async () => {
    const h = new Headers({
      ...NAVIGATION,
      cookie: 'utm_source=%E0%A4%A; user_status=%ZZ; =;;',
      referer: 'not a url',
    });
    const res = await call(
      '/api/client/features/disable-dazn?utm_medium=cpc&utm_medium=email&utm_source=a&utm_source=b',
      {
        headers: h,
      },
    );
    expect(res.status).toBe(404);
    expect(attributionWritten(setCookiesOf(res))).toMatchObject({
      utm_medium: 'cpc',
      utm_source: 'a',
    });
  });
});

describe('attribution lifetimes and attributes', () => {
  it('paid, news-feed and film-portal attribution lives 30 days', async () => {
    const paid = await visit('/?utm_source=google&utm_medium=cpc&utm_campaign=a&utm_content=b');
    expect(maxAgesOf(paid.cookies)).toEqual({
      utm_source: DAYS_30,
      utm_medium: DAYS_30,
      utm_campaign: DAYS_30,
      utm_content: DAYS_30,
    });
    const feed = await visit('/?utm_source=dzen&utm_medium=article_direct');
    expect(maxAgesOf(feed.cookies)).toEqual({ utm_source: DAYS_30, utm_medium: DAYS_30 });
    const portal = await visit('/', { referer: 'https://www.kinopoisk.ru/' });
    expect(maxAgesOf(portal.cookies)).toEqual({ utm_source: DAYS_30, utm_medium: DAYS_30 });
  });

  it('advcake attribution, its partner uid included, lives 30 days', async () => {
    const { cookies } = await visit(
      '/?utm_source=advcake&utm_medium=cpa&utm_campaign=a&utm_content=b&advcake_params=abc',
    );
    expect(maxAgesOf(cookies)).toEqual({
      utm_source: DAYS_30,
      utm_medium: DAYS_30,
      utm_campaign: DAYS_30,
      utm_content: DAYS_30,
      partner: DAYS_30,
      partner_uid: DAYS_30,
    });
  });

  it("admitad attribution lives 90 days, its partner uid the spec's 30", async () => {
    const { cookies } = await visit(
      '/?utm_source=admitad&utm_medium=cpa&utm_campaign=a&utm_content=b&admitad_uid=abc',
    );
    expect(maxAgesOf(cookies)).toEqual({
      utm_source: DAYS_90,
      utm_medium: DAYS_90,
      utm_campaign: DAYS_90,
      utm_content: DAYS_90,
      partner: DAYS_90,
      partner_uid: DAYS_30,
    });
  });

  it('a repeated paid click restarts the 30 days even when the values are the same', async () => {
    const same = { utm_source: 'google', utm_medium: 'cpc' };
    const { cookies } = await visit('/?utm_source=google&utm_medium=cpc', { cookies: same });
    expect(maxAgesOf(cookies)).toEqual({ utm_source: DAYS_30, utm_medium: DAYS_30 });
  });

  it('removes only cookies the browser holds, with Max-Age=0 on path /', async () => {
    const { cookies } = await visit('/?utm_medium=cpc', { cookies: { utm_content: 'old' } });
    expect(attributionWritten(cookies)).toEqual({ utm_medium: 'cpc', utm_content: null });
    expect(cookies.get('utm_content')?.attributes).toContain('Path=/');
  });

  it('writes cookies on path /, SameSite=Lax, readable by the page, Secure only over https', async () => {
    const http = await visit('/?utm_source=google&utm_medium=cpc');
    const attrs = http.cookies.get('utm_source')?.attributes ?? [];
    expect(attrs).toEqual(expect.arrayContaining(['Path=/', 'SameSite=Lax']));
    expect(attrs.map((a) => a.toLowerCase())).not.toContain('httponly');
    expect(attrs).not.toContain('Secure');

    const https = await visit('/?utm_source=google&utm_medium=cpc', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.cookies.get('utm_source')?.attributes).toContain('Secure');
    expect(https.cookies.get(COOKIE.userStatus)?.attributes).toContain('Secure');
  });
});

describe('only top-level page navigations count', () => {
  const PAID = '/?utm_source=google&utm_medium=cpc&utm_campaign=x';

  it.each([
    [
      'a fetch from the page',
      { 'sec-fetch-dest': 'empty', 'sec-fetch-mode': 'cors', accept: 'application/json' },
    ],
    [
      'an image',
      {
        'sec-fetch-dest': 'image',
        'sec-fetch-mode': 'no-cors',
        accept: 'image/avif,image/webp,*/*',
      },
    ],
    ['a script', { 'sec-fetch-dest': 'script', 'sec-fetch-mode': 'no-cors', accept: '*/*' }],
    ['a page inside an iframe', { 'sec-fetch-dest': 'iframe' }],
    ['a speculative prefetch', { 'sec-purpose': 'prefetch' }],
    ['a prerender', { 'sec-purpose': 'prefetch;prerender' }],
    ['a legacy prefetch', { purpose: 'prefetch' }],
    [
      'a client without Fetch Metadata asking for JSON',
      { 'sec-fetch-dest': '', accept: 'application/json' },
    ],
  ])('%s changes no attribution and no user_status cookie', async (_what, headers) => {
    const h = new Headers({ ...NAVIGATION, ...headers });
    for (const [name, value] of Object.entries(headers)) if (value === '') h.delete(name);
    const res = await call(PAID, { headers: h });
    expect([...setCookiesOf(res).keys()].filter((n) => n !== COOKIE.deviceId)).toEqual([]);
  });

  it.each(['POST', 'HEAD'])(
    'a %s request changes no attribution and no user_status cookie',
    async (method) => {
      const { cookies } = await visit(PAID, { method, cookies: STORED });
      expect([...cookies.keys()].filter((n) => n !== COOKIE.deviceId)).toEqual([]);
    },
  );

  it('an API path requested by a fetch changes nothing even with paid utm in its URL', async () => {
    const res = await call(`/api/client/features/disable-dazn${PAID.slice(1)}`, {
      headers: { 'sec-fetch-dest': 'empty', accept: 'application/json' },
    });
    expect(res.status).toBe(404);
    expect(attributionWritten(setCookiesOf(res))).toEqual({});
  });

  it('a browser without Fetch Metadata that asks for HTML is counted as a navigation', async () => {
    const res = await call(PAID, { headers: { accept: 'text/html' } });
    expect(attributionWritten(setCookiesOf(res))).toMatchObject({
      utm_source: 'google',
      utm_medium: 'cpc',
    });
  });

  it('a navigation counts whatever the answer is, even a 404', async () => {
    const { res, cookies } = await visit(`/api/client/features/disable-dazn${PAID.slice(1)}`);
    expect(res.status).toBe(404);
    expect(attributionWritten(cookies)).toMatchObject({ utm_source: 'google', utm_medium: 'cpc' });
  });
});

describe('user_status old/new flag', () => {
  const signedInToken = () =>
    sign({ hash: 'h1', acc: '10', sub: '20', bil: '30' }, config().jwtSecret, 'HS256');

  it('marks a first page view new for 30 days', async () => {
    const { cookies } = await visit('/');
    expect(cookies.get(COOKIE.userStatus)).toMatchObject({ value: 'new', maxAge: DAYS_30 });
  });

  it('leaves a guest who is already new untouched', async () => {
    const { cookies } = await visit('/', { cookies: { user_status: 'new' } });
    expect(cookies.has(COOKIE.userStatus)).toBe(false);
  });

  it('marks a signed-in page view old for 30 days, and renews it on every signed-in view', async () => {
    const token = await signedInToken();
    const first = await visit('/', { cookies: { token, user_status: 'new' } });
    expect(first.cookies.get(COOKIE.userStatus)).toMatchObject({ value: 'old', maxAge: DAYS_30 });
    const again = await visit('/', { cookies: { token, user_status: 'old' } });
    expect(again.cookies.get(COOKIE.userStatus)).toMatchObject({ value: 'old', maxAge: DAYS_30 });
  });

  it('keeps old for a guest after logout until it expires', async () => {
    const { cookies } = await visit('/', { cookies: { user_status: 'old' } });
    expect(cookies.has(COOKIE.userStatus)).toBe(false);
  });

  it('treats a token that does not verify as a guest, so the flag stays new', async () => {
    const { cookies } = await visit('/', { cookies: { token: 'forged.token.value' } });
    expect(cookies.get(COOKIE.userStatus)?.value).toBe('new');
  });

  it('replaces a junk user_status value with new', async () => {
    const { cookies } = await visit('/', { cookies: { user_status: 'admin' } });
    expect(cookies.get(COOKIE.userStatus)).toMatchObject({ value: 'new', maxAge: DAYS_30 });
  });

  it('is set alongside attribution on a paid landing, without touching it otherwise', async () => {
    const { cookies } = await visit('/?utm_source=google&utm_medium=cpc');
    expect(cookies.get(COOKIE.userStatus)?.value).toBe('new');
    expect(attributionWritten(cookies)).toMatchObject({ utm_source: 'google' });
  });
});
