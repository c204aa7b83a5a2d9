import { env } from 'cloudflare:workers';
import { beforeEach, describe, expect, it } from 'vitest';
import { Browser, recordMessages, resetAccounts, signUp } from '../auth/test-support.ts';

const messages = recordMessages();

async function signedIn(email = 'anna@mail.ru', ip = '203.0.113.10') {
  const browser = new Browser(ip);
  const answer = await signUp(browser, messages, email);
  return { browser, answer };
}

const send = (b: Browser, method: string, path: string, body?: unknown) =>
  b.fetch(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const json = async (res: Response) => [res.status, await res.json()] as const;

interface ProfileAnswer {
  id: number;
  name: string;
  isKid: boolean;
  avatar: { id: number; url: string };
  ageLimit: number | null;
}

async function create(b: Browser, body: unknown): Promise<ProfileAnswer> {
  const res = await b.post('/auth/users/', body);
  if (res.status !== 201) throw new Error(`create ${res.status} ${await res.text()}`);
  return (await res.json()) as ProfileAnswer;
}

beforeEach(async () => {
  await resetAccounts();
  messages.clear();
});

describe('GET /auth/users/', () => {
  it("lists the account's profiles with avatar and age setting, the current one marked", async () => {
    const { browser, answer } = await signedIn();
    const [status, body] = await json(await browser.fetch('/auth/users/'));
    expect(status).toBe(200);
    expect(body).toEqual({
      count: 1,
      results: [
        {
          id: answer.userId,
          name: expect.any(String),
          isKid: false,
          avatar: {
            id: 1,
            url: expect.stringMatching(/^\/media\/art\/avatar\/1\.svg\?v=[0-9a-z]+$/),
          },
          ageLimit: null,
          current: true,
        },
      ],
    });
  });

  it('answers the 401 envelope without a session and for a revoked one', async () => {
    expect(await json(await new Browser().fetch('/auth/users/'))).toEqual([
      401,
      { message: 'Войдите в аккаунт', details: { reason: 'unauthorized' } },
    ]);
    const { browser } = await signedIn();
    await env.DB.prepare('UPDATE sessions SET revoked_at = unixepoch()').run();
    expect(
      (
        await browser.fetch('/auth/users/', {
          headers: { cookie: `token=${browser.cookies.get('token')}` },
        })
      ).status,
    ).toBe(401);
  });

  it('keeps the JSON 404 envelope for unknown paths beside it', async () => {
    const { browser } = await signedIn();
    expect(await json(await browser.fetch('/auth/users/kids/nothing'))).toEqual([
      404,
      { message: expect.any(String), details: { reason: 'not_found' } },
    ]);
  });
});

describe('POST /auth/users/', () => {
  it('creates adult and kid profiles (kid: age setting 6, a kid avatar by default) up to five, then 409 in Russian', async () => {
    const { browser } = await signedIn();
    const kid = await create(browser, { name: '  Маша  ', isKid: true });
    expect(kid).toMatchObject({ name: 'Маша', isKid: true, ageLimit: 6 });
    expect(kid.avatar.id).toBeGreaterThanOrEqual(9);
    expect(await create(browser, { name: 'Папа', isKid: false, avatarId: 5 })).toMatchObject({
      name: 'Папа',
      isKid: false,
      ageLimit: null,
      avatar: { id: 5 },
    });
    await create(browser, { name: 'Петя', isKid: true });
    await create(browser, { name: 'Бабушка' });
    const [status, body] = await json(
      await browser.post('/auth/users/', { name: 'Шестой', isKid: false }),
    );
    expect([status, body]).toEqual([
      409,
      {
        message: expect.stringContaining('не больше 5 профилей'),
        details: { reason: 'profile_limit' },
      },
    ]);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM profiles').first<{ n: number }>())!.n,
    ).toBe(5);
  });

  it('of five parallel creations on four free places, exactly four succeed', async () => {
    const { browser } = await signedIn();
    const answers = await Promise.all(
      ['А', 'Б', 'В', 'Г', 'Д'].map((name) => browser.post('/auth/users/', { name })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 409]);
  });

  it('answers 422 with Russian messages for a missing or long name and an unknown avatar', async () => {
    const { browser } = await signedIn();
    expect(await json(await browser.post('/auth/users/', { name: '   ' }))).toEqual([
      422,
      {
        message: 'Введите имя профиля',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
    expect(await json(await browser.post('/auth/users/', { name: 'я'.repeat(41) }))).toEqual([
      422,
      {
        message: 'Имя профиля должно быть не длиннее 40 символов',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
    expect(await json(await browser.post('/auth/users/', { name: 'Оля', avatarId: 17 }))).toEqual([
      422,
      {
        message: 'Выберите аватар из списка',
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
  });

  it('refuses a kid profile with 403, and a guest with 401', async () => {
    const { browser } = await signedIn();
    const kid = await create(browser, { name: 'Маша', isKid: true });
    expect((await browser.post('/auth/users/switch/', { userId: kid.id })).status).toBe(200);
    expect(await json(await browser.post('/auth/users/', { name: 'Ещё' }))).toEqual([
      403,
      { message: expect.stringContaining('детском профиле'), details: { reason: 'kid_profile' } },
    ]);
    expect((await new Browser().post('/auth/users/', { name: 'Ещё' })).status).toBe(401);
  });
});

describe('GET /auth/users/{id} and kids availability', () => {
  it("reads a profile of the account (isKid); another account's id is a 404", async () => {
    const { browser } = await signedIn();
    const kid = await create(browser, { name: 'Маша', isKid: true });
    expect(await json(await browser.fetch(`/auth/users/${kid.id}`))).toEqual([200, kid]);
    const other = await signedIn('oleg@mail.ru', '203.0.113.20');
    expect(await json(await other.browser.fetch(`/auth/users/${kid.id}`))).toEqual([
      404,
      { message: 'Профиль не найден', details: { reason: 'profile_not_found' } },
    ]);
    expect((await other.browser.fetch('/auth/users/abc')).status).toBe(422);
  });

  it('says a kid profile is available below the limit and not at it', async () => {
    const { browser } = await signedIn();
    expect(await json(await browser.fetch('/auth/users/kids/availability'))).toEqual([
      200,
      { available: true },
    ]);
    for (const name of ['А', 'Б', 'В', 'Г']) await create(browser, { name });
    expect(await json(await browser.fetch('/auth/users/kids/availability'))).toEqual([
      200,
      { available: false },
    ]);
    expect((await new Browser().fetch('/auth/users/kids/availability')).status).toBe(401);
  });
});

describe('PATCH /auth/users/{id}/', () => {
  it('renames, changes the avatar and the kind of a profile', async () => {
    const { browser } = await signedIn();
    const p = await create(browser, { name: 'Гость' });
    expect(
      await json(
        await send(browser, 'PATCH', `/auth/users/${p.id}/`, {
          name: 'Маша',
          avatarId: 12,
          isKid: true,
        }),
      ),
    ).toEqual([
      200,
      {
        ...p,
        name: 'Маша',
        isKid: true,
        ageLimit: 6,
        avatar: { id: 12, url: expect.stringContaining('/12.svg') },
      },
    ]);
    expect(
      await json(await send(browser, 'PATCH', `/auth/users/${p.id}/`, { isKid: false })),
    ).toEqual([200, expect.objectContaining({ isKid: false, ageLimit: null })]);
  });

  it('refuses making the current profile or the last adult a kid (409), an empty change (422), another account (404)', async () => {
    const { browser, answer } = await signedIn();
    expect(
      await json(await send(browser, 'PATCH', `/auth/users/${answer.userId}/`, { isKid: true })),
    ).toEqual([
      409,
      {
        message: expect.stringContaining('Нельзя сделать детским'),
        details: { reason: 'current_profile' },
      },
    ]);
    expect(await json(await send(browser, 'PATCH', `/auth/users/${answer.userId}/`, {}))).toEqual([
      422,
      {
        message: expect.stringContaining('Укажите, что изменить'),
        details: expect.objectContaining({ reason: 'invalid_field' }),
      },
    ]);
    const kid = await create(browser, { name: 'Маша', isKid: true });
    await browser.post('/auth/users/switch/', { userId: kid.id });
    // The kid profile may not turn the only adult into a kid, nor itself into an adult.
    expect((await send(browser, 'PATCH', `/auth/users/${kid.id}/`, { isKid: false })).status).toBe(
      403,
    );
    const other = await signedIn('oleg@mail.ru', '203.0.113.20');
    expect(
      (await send(other.browser, 'PATCH', `/auth/users/${kid.id}/`, { name: 'Чужой' })).status,
    ).toBe(404);
    expect(
      (await env.DB.prepare('SELECT name FROM profiles WHERE id = ?')
        .bind(kid.id)
        .first<{ name: string }>())!.name,
    ).toBe('Маша');
  });

  it('refuses turning the last adult into a kid when another adult is current elsewhere', async () => {
    const { browser, answer } = await signedIn();
    const second = await create(browser, { name: 'Второй' });
    expect(
      (await send(browser, 'PATCH', `/auth/users/${second.id}/`, { isKid: true })).status,
    ).toBe(200);
    expect(
      (await send(browser, 'PATCH', `/auth/users/${second.id}/`, { isKid: false })).status,
    ).toBe(200);
    await browser.post('/auth/users/switch/', { userId: second.id });
    expect(
      (await send(browser, 'PATCH', `/auth/users/${answer.userId}/`, { isKid: true })).status,
    ).toBe(200);
    expect(
      await json(await send(browser, 'PATCH', `/auth/users/${second.id}/`, { isKid: true })),
    ).toEqual([409, expect.objectContaining({ details: { reason: 'current_profile' } })]);
  });
});

describe('DELETE /auth/users/{id}/', () => {
  it('deletes a profile; devices on it are signed out with it', async () => {
    const { browser } = await signedIn();
    const kid = await create(browser, { name: 'Маша', isKid: true });
    const tablet = new Browser('203.0.113.11');
    await tablet.post('/auth/email/sign_in/', {
      email: 'anna@mail.ru',
      password: 'correct horse 1',
    });
    await tablet.post('/auth/users/switch/', { userId: kid.id });
    expect(await json(await send(browser, 'DELETE', `/auth/users/${kid.id}/`))).toEqual([
      200,
      { status: 'deleted', id: kid.id },
    ]);
    expect((await browser.fetch(`/auth/users/${kid.id}`)).status).toBe(404);
    expect((await tablet.fetch('/auth/users/')).status).toBe(401);
    expect(
      (await env.DB.prepare('SELECT count(*) AS n FROM sessions').first<{ n: number }>())!.n,
    ).toBe(1);
  });

  it('refuses the current profile and the last adult with 409 in Russian, another account with 404', async () => {
    const { browser, answer } = await signedIn();
    expect(await json(await send(browser, 'DELETE', `/auth/users/${answer.userId}/`))).toEqual([
      409,
      {
        message: expect.stringContaining('Нельзя удалить профиль, в котором вы сейчас'),
        details: { reason: 'current_profile' },
      },
    ]);
    const adult = await create(browser, { name: 'Второй' });
    await browser.post('/auth/users/switch/', { userId: adult.id });
    expect((await send(browser, 'DELETE', `/auth/users/${answer.userId}/`)).status).toBe(200);
    const kid = await create(browser, { name: 'Маша', isKid: true });
    expect((await send(browser, 'DELETE', `/auth/users/${kid.id}/`)).status).toBe(200);
    const other = await signedIn('oleg@mail.ru', '203.0.113.20');
    expect((await send(other.browser, 'DELETE', `/auth/users/${adult.id}/`)).status).toBe(404);
    // The only adult, seen from a kid profile of the same account: 403 before anything else.
    const kid2 = await create(browser, { name: 'Петя', isKid: true });
    await browser.post('/auth/users/switch/', { userId: kid2.id });
    expect((await send(browser, 'DELETE', `/auth/users/${adult.id}/`)).status).toBe(403);
  });
});

describe('GET /auth/v2/users/avatars/ and the avatar pictures', () => {
  it('lists 16 avatars, adult and kid, each a versioned, long-cached SVG', async () => {
    const { browser } = await signedIn();
    const [status, body] = await json(await browser.fetch('/auth/v2/users/avatars/'));
    expect(status).toBe(200);
    const { results } = body as { results: { id: number; url: string; kind: string }[] };
    expect(results).toHaveLength(16);
    expect(results.filter((a) => a.kind === 'kid')).toHaveLength(8);
    const svg = await browser.fetch(results[9]!.url);
    expect([svg.status, svg.headers.get('content-type'), svg.headers.get('cache-control')]).toEqual(
      [200, 'image/svg+xml; charset=utf-8', 'public, max-age=31536000, immutable'],
    );
    expect(await svg.text()).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect((await browser.fetch('/media/art/avatar/3.svg')).headers.get('cache-control')).toBe(
      'public, max-age=3600',
    );
    expect((await browser.fetch('/media/art/avatar/17.svg')).status).toBe(404);
    expect((await new Browser().fetch('/auth/v2/users/avatars/')).status).toBe(401);
  });
});
