import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { call } from '../test-helpers.ts';

/** A top-level page navigation, as a browser sends it. */
const visit = (path: string, headers: Record<string, string> = {}) =>
  call(path, { headers: { 'sec-fetch-dest': 'document', accept: 'text/html', ...headers } });

/** name → { value, maxAge } of every Set-Cookie of the response ('' value and 0 for removals). */
function cookies(res: Response): Record<string, { value: string; maxAge: number | undefined }> {
  const out: Record<string, { value: string; maxAge: number | undefined }> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...rest] = pair!.split('=');
    const maxAge = line.match(/Max-Age=(\d+)/)?.[1];
    out[name!] = { value: decodeURIComponent(rest.join('=')), maxAge: maxAge === undefined ? undefined : Number(maxAge) };
  }
  return out;
}

const DAYS_30 = 30 * 86_400;
const OLD = 'utm_source=old-src; utm_medium=cpc; utm_campaign=old; utm_content=old; partner=admitad; partner_uid=u1';
const ATTRIBUTION = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'partner', 'partner_uid'];

describe('attribution cookies: the rule table of docs/decisions.md', () => {
  it.each(['cpc', 'cpm', 'special'])('row 1: utm_medium=%s overwrites all four utm cookies for 30 days and drops the partner', async (medium) => {
    const c = cookies(await visit(`/?utm_source=yandex&utm_medium=${medium}&utm_campaign=spring&utm_content=banner`, { cookie: OLD }));
    expect(c.utm_source).toEqual({ value: 'yandex', maxAge: DAYS_30 });
    expect(c.utm_medium).toEqual({ value: medium, maxAge: DAYS_30 });
    expect(c.utm_campaign).toEqual({ value: 'spring', maxAge: DAYS_30 });
    expect(c.utm_content).toEqual({ value: 'banner', maxAge: DAYS_30 });
    expect(c.partner?.maxAge).toBe(0);
    expect(c.partner_uid?.maxAge).toBe(0);
  });

  it('row 1: utm_medium=partners makes the source the partner', async () => {
    const c = cookies(await visit('/?utm_source=megafon&utm_medium=partners'));
    expect(c.partner).toEqual({ value: 'megafon', maxAge: DAYS_30 });
    expect(c.utm_medium?.value).toBe('partners');
  });

  it('row 1: a paid visit without a campaign removes the old campaign and content', async () => {
    const c = cookies(await visit('/?utm_source=vk&utm_medium=CPM', { cookie: OLD }));
    expect(c.utm_source?.value).toBe('vk');
    expect(c.utm_medium?.value).toBe('cpm');
    expect(c.utm_campaign?.maxAge).toBe(0);
    expect(c.utm_content?.maxAge).toBe(0);
  });

  it('row 2: a paid medium without utm_source changes nothing', async () => {
    const c = cookies(await visit('/?utm_medium=cpc', { cookie: OLD }));
    for (const name of ATTRIBUTION) expect(c[name]).toBeUndefined();
  });

  it('row 3: cpa from admitad stores the partner and its uid; admitad keeps attribution 90 days, the uid 30', async () => {
    const c = cookies(await visit('/?utm_source=admitad&utm_medium=cpa&utm_campaign=c1&admitad_uid=abc123'));
    expect(c.utm_source).toEqual({ value: 'admitad', maxAge: 90 * 86_400 });
    expect(c.partner).toEqual({ value: 'admitad', maxAge: 90 * 86_400 });
    expect(c.partner_uid).toEqual({ value: 'abc123', maxAge: DAYS_30 });
  });

  it('row 3: cpa from advcake stores the partner and its uid for 30 days', async () => {
    const c = cookies(await visit('/?utm_source=AdvCake&utm_medium=cpa&advcake_trackid=t-77', { cookie: OLD }));
    expect(c.utm_source).toEqual({ value: 'advcake', maxAge: DAYS_30 });
    expect(c.partner).toEqual({ value: 'advcake', maxAge: DAYS_30 });
    expect(c.partner_uid).toEqual({ value: 't-77', maxAge: DAYS_30 });
    expect(c.utm_campaign?.maxAge).toBe(0);
  });

  it('row 3: an affiliate link without a click id removes the previous uid', async () => {
    const c = cookies(await visit('/?utm_source=admitad&utm_medium=cpa', { cookie: OLD }));
    expect(c.partner?.value).toBe('admitad');
    expect(c.partner_uid?.maxAge).toBe(0);
  });

  it('row 4: cpa from an unknown affiliate leaves every cookie as it was', async () => {
    const c = cookies(await visit('/?utm_source=shady-net&utm_medium=cpa&admitad_uid=x', { cookie: OLD }));
    for (const name of ATTRIBUTION) expect(c[name]).toBeUndefined();
  });

  it('row 5: article_direct from a news feed updates the attribution', async () => {
    const c = cookies(await visit('/?utm_source=yxnews&utm_medium=article_direct&utm_campaign=premiere', { cookie: OLD }));
    expect(c.utm_source).toEqual({ value: 'yxnews', maxAge: DAYS_30 });
    expect(c.utm_medium).toEqual({ value: 'article_direct', maxAge: DAYS_30 });
    expect(c.utm_campaign?.value).toBe('premiere');
    expect(c.partner?.maxAge).toBe(0);
  });

  it('row 6: article_direct from a source that is not a news feed removes the attribution', async () => {
    const c = cookies(await visit('/?utm_source=someblog&utm_medium=article_direct', { cookie: OLD }));
    for (const name of ATTRIBUTION) expect(c[name]?.maxAge).toBe(0);
  });

  it.each(['email', 'social', 'organic'])('row 6: another medium (%s) removes the paid attribution', async (medium) => {
    const c = cookies(await visit(`/?utm_source=newsletter&utm_medium=${medium}`, { cookie: OLD }));
    for (const name of ATTRIBUTION) expect(c[name]?.maxAge).toBe(0);
  });

  it('row 6: utm tags without a medium also remove it, and a visitor without cookies gets no removals', async () => {
    const c = cookies(await visit('/?utm_source=x', { cookie: OLD }));
    for (const name of ATTRIBUTION) expect(c[name]?.maxAge).toBe(0);
    const fresh = cookies(await visit('/?utm_source=x'));
    for (const name of ATTRIBUTION) expect(fresh[name]).toBeUndefined();
  });

  it.each(['https://www.kinopoisk.ru/film/1/', 'https://hd.kinopoisk.ru/', 'https://www.afisha.ru/movie/2/', 'https://kinorium.com/3/'])(
    'row 7: a referral from the film portal %s sets source = portal, medium = referral',
    async (referer) => {
      const c = cookies(await visit('/', { referer, cookie: OLD }));
      expect(c.utm_source?.value).toBe(new URL(referer).hostname.replace(/^(www|hd)\./, ''));
      expect(c.utm_medium).toEqual({ value: 'referral', maxAge: DAYS_30 });
      expect(c.utm_campaign?.maxAge).toBe(0);
      expect(c.partner?.maxAge).toBe(0);
    },
  );

  it.each([['a search engine', 'https://www.google.com/search?q=x'], ['our own site', 'http://localhost:8787/series'], ['a look-alike host', 'https://notkinopoisk.ru/'], ['no referer', '']])(
    'row 8: a visit from %s without utm tags leaves everything as it was',
    async (_name, referer) => {
      const c = cookies(await visit('/movies', { cookie: OLD, ...(referer && { referer }) }));
      for (const name of ATTRIBUTION) expect(c[name]).toBeUndefined();
    },
  );
});

describe('attribution cookies: when they are written', () => {
  it('never on API calls, assets or background requests', async () => {
    const paid = '?utm_source=yandex&utm_medium=cpc';
    for (const res of [
      await call(`/api/client/features/disable-dazn${paid}`, { headers: { 'sec-fetch-dest': 'document' } }),
      await call(`/${paid}`, { headers: { 'sec-fetch-dest': 'image' } }),
      await call(`/${paid}`, { headers: { accept: 'application/json' } }),
      await call(`/${paid}`, { method: 'POST', headers: { origin: 'http://localhost:8787', 'sec-fetch-dest': 'document' } }),
    ]) {
      expect(cookies(res).utm_source).toBeUndefined();
    }
  });

  it('store junk query values cleaned and cut to 200 characters, never a broken cookie', async () => {
    const c = cookies(await visit(`/?utm_source=${encodeURIComponent('<script>"x";')}&utm_medium=cpc&utm_campaign=${'a'.repeat(500)}`));
    expect(c.utm_source?.value).toBe('scriptx');
    expect(c.utm_campaign?.value).toHaveLength(200);
  });

  it('are Secure over HTTPS', async () => {
    const res = await visit('/?utm_source=yandex&utm_medium=cpc', { 'x-forwarded-proto': 'https' });
    expect(res.headers.getSetCookie().find((l) => l.startsWith('utm_source='))).toContain('; Secure');
  });
});

describe('user_status cookie (old/new, 30 days)', () => {
  it('is "new" for a visitor who has not signed in on this browser', async () => {
    expect(cookies(await visit('/')).user_status).toEqual({ value: 'new', maxAge: DAYS_30 });
    expect(cookies(await visit('/', { cookie: 'user_status=new' })).user_status).toBeUndefined();
  });

  it('turns "old" when a customer signs in, is renewed on every signed-in visit, and stays "old" after logout', async () => {
    const token = await sign({ hash: 'h', sub: 1, exp: Math.floor(Date.now() / 1000) + 60 }, 'dev-only-jwt-secret-change-me');
    expect(cookies(await visit('/', { cookie: `token=${token}; user_status=new` })).user_status).toEqual({ value: 'old', maxAge: DAYS_30 });
    expect(cookies(await visit('/', { cookie: `token=${token}; user_status=old` })).user_status).toEqual({ value: 'old', maxAge: DAYS_30 });
    expect(cookies(await visit('/', { cookie: 'user_status=old' })).user_status).toBeUndefined();
  });

  it('is not written on API calls', async () => {
    expect(cookies(await call('/api/x')).user_status).toBeUndefined();
  });
});
