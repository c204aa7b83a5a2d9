import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from '../auth/test-support.ts';
import { loadCatalogueFixture } from '../catalogue/test-fixtures.ts';
import { resetAll, signedUp } from '../parental/test-support.ts';

const claims = (token: string) =>
  JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<
    string,
    unknown
  >;
const cookieOf = (res: Response, name: string) =>
  res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));

async function createProfile(browser: Browser, name: string, isKid: boolean): Promise<number> {
  const res = await browser.post('/auth/users/', { name, isKid });
  if (res.status !== 201) throw new Error(`create ${res.status}`);
  return ((await res.json()) as { id: number }).id;
}

const sessionUser = async () =>
  (await env.DB.prepare('SELECT user_id AS u FROM sessions').first<{ u: number }>())!.u;

beforeEach(async () => {
  await resetAll();
  await loadCatalogueFixture();
});

describe('POST /auth/users/switch/', () => {
  it("moves this browser's session to the kid profile: new token (sub, kid), session row, cookies", async () => {
    const { browser, accountId } = await signedUp('anna@mail.ru');
    const kidId = await createProfile(browser, 'Маша', true);
    const res = await browser.post('/auth/users/switch/', { userId: kidId });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      token: string;
      userId: number;
      isKid: boolean;
      accountId: number;
      profile: { id: number; isKid: boolean };
    };
    expect(body).toMatchObject({
      accountId,
      userId: kidId,
      isKid: true,
      profile: { id: kidId, isKid: true, name: 'Маша' },
    });
    expect(claims(body.token)).toMatchObject({
      sub: kidId,
      kid: true,
      acc: accountId,
      hash: expect.any(String),
    });
    expect(await sessionUser()).toBe(kidId);
    expect(cookieOf(res, 'token')).toContain(body.token);
    expect(cookieOf(res, 'user_id')).toMatch(new RegExp(`^user_id=${kidId};`));
    expect(cookieOf(res, 'is_kid')).toMatch(/^is_kid=true;/);
    expect(cookieOf(res, 'pin_status')).toMatch(/^pin_status=not_entered;/);
    expect(cookieOf(res, 'session')).toBeUndefined();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('a kid profile gets CMS content capped at 6+ from the next request, and back on the adult profile everything', async () => {
    const { browser } = await signedUp('anna@mail.ru');
    const adult = (await (await browser.fetch('/auth/account/')).json()) as { id: number };
    expect(adult.id).toBeGreaterThan(0);
    const ages = async () =>
      (
        (await (await browser.fetch('/cms/content/movies/')).json()) as {
          results: { ageRating: string }[];
        }
      ).results.map((r) => Number.parseInt(r.ageRating, 10));
    expect(Math.max(...(await ages()))).toBe(18);
    const adultId = await sessionUser();
    const kidId = await createProfile(browser, 'Маша', true);
    await browser.post('/auth/users/switch/', { userId: kidId });
    const kidAges = await ages();
    expect(kidAges.length).toBeGreaterThan(0);
    expect(kidAges.every((a) => a <= 6)).toBe(true);
    // The title page's API refuses an adult title to the kid profile.
    expect((await browser.fetch('/cms/content/movie/3/')).status).toBeGreaterThanOrEqual(400);
    const back = await browser.post('/auth/users/switch/', { userId: adultId });
    expect([back.status, claims(((await back.json()) as { token: string }).token).kid]).toEqual([
      200,
      false,
    ]);
    expect(Math.max(...(await ages()))).toBe(18);
  });

  it("refuses another account's profile and an unknown one with 404, a guest with 401, a bad body with 422, another site with 403", async () => {
    const anna = await signedUp('anna@mail.ru');
    const oleg = await signedUp('oleg@mail.ru', '203.0.113.21');
    const olegKid = await createProfile(oleg.browser, 'Петя', true);
    const before = await env.DB.prepare('SELECT id, user_id FROM sessions ORDER BY id').all();
    expect([
      (await anna.browser.post('/auth/users/switch/', { userId: olegKid })).status,
      (await anna.browser.post('/auth/users/switch/', { userId: 999_999 })).status,
    ]).toEqual([404, 404]);
    expect(
      (await env.DB.prepare('SELECT id, user_id FROM sessions ORDER BY id').all()).results,
    ).toEqual(before.results);
    const { Browser } = await import('../auth/test-support.ts');
    expect((await new Browser().post('/auth/users/switch/', { userId: olegKid })).status).toBe(401);
    const bad = await anna.browser.post('/auth/users/switch/', { userId: 'x' });
    expect([bad.status, ((await bad.json()) as { message: string }).message]).toEqual([
      422,
      'Укажите профиль',
    ]);
    expect(
      (
        await oleg.browser.post(
          '/auth/users/switch/',
          { userId: olegKid },
          { origin: 'https://evil.example' },
        )
      ).status,
    ).toBe(403);
  });

  it('with parental control on, kid → adult needs the PIN; switching to the kid profile ends the PIN entry', async () => {
    const { browser, send } = await signedUp('anna@mail.ru');
    const adultId = await sessionUser();
    expect((await send('POST', '/pin-code/set', { pin: '2580' })).status).toBe(201);
    const kidId = await createProfile(browser, 'Маша', true);
    // Adult → kid never asks.
    expect((await browser.post('/auth/users/switch/', { userId: kidId })).status).toBe(200);
    // The PIN entered at set-up ended with the switch: the kid cannot come back without the PIN.
    const refused = await browser.post('/auth/users/switch/', { userId: adultId });
    expect([
      refused.status,
      ((await refused.json()) as { details: { reason: string } }).details.reason,
    ]).toEqual([403, 'pin_required']);
    expect(await sessionUser()).toBe(kidId);
    const wrong = await browser.post('/auth/users/switch/', { userId: adultId, pin: '0000' });
    expect(wrong.status).toBe(403);
    const right = await browser.post('/auth/users/switch/', { userId: adultId, pin: '2580' });
    expect([right.status, claims(((await right.json()) as { token: string }).token)]).toEqual([
      200,
      expect.objectContaining({ sub: adultId, kid: false }),
    ]);
    expect(await sessionUser()).toBe(adultId);
  });

  it('asks for the PIN on every way back from the kid profile, whatever was entered before', async () => {
    const { browser, send } = await signedUp('anna@mail.ru');
    const adultId = await sessionUser();
    await send('POST', '/pin-code/set', { pin: '2580' });
    const kidId = await createProfile(browser, 'Маша', true);
    const reasonOf = async (res: Response) => [
      res.status,
      ((await res.json()) as { details?: { reason: string } }).details?.reason,
    ];
    const back = (pin?: string) =>
      browser.post('/auth/users/switch/', pin ? { userId: adultId, pin } : { userId: adultId });
    for (let round = 0; round < 2; round++) {
      expect((await browser.post('/auth/users/switch/', { userId: kidId })).status).toBe(200);
      // The PIN entered on the kid profile (the popup's check) is this session's entry too.
      expect((await send('POST', '/pin-code/check', { pin: '2580' })).status).toBe(200);
      // It does not open the adult profile: the switch itself must carry the PIN.
      expect(await reasonOf(await back())).toEqual([403, 'pin_required']);
      expect(await sessionUser()).toBe(kidId);
      expect((await back('2580')).status).toBe(200);
      expect(await sessionUser()).toBe(adultId);
    }
  });
});
