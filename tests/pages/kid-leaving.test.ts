import { expect, it } from 'vitest';
import { Visitor, words } from './support/visitor.ts';

/** A new account with a kid profile «Маша»; answers the visitor (still adult) and the ids. */
async function family() {
  const visitor = new Visitor();
  const email = `kid-leaving-${crypto.randomUUID().slice(0, 8)}@example.ru`;
  const { accountId } = await visitor.signUp(email, 'correct horse 1');
  const me = (await (await visitor.fetch('/auth/users/')).json()) as {
    results: { id: number }[];
  };
  const kid = await visitor.post('/auth/users/', { name: 'Маша', isKid: true });
  expect(kid.status).toBe(201);
  const kidId = ((await kid.json()) as { id: number }).id;
  return { visitor, email, accountId, adultId: me.results[0]!.id, kidId };
}

async function toKid(visitor: Visitor, kidId: number) {
  const switched = await visitor.post('/auth/users/switch/', { userId: kidId });
  expect(switched.status, await switched.clone().text()).toBe(200);
}

/** What the header offers: the top menu's links and the account menu's links and buttons. */
async function headerOf(visitor: Visitor) {
  const { document } = await visitor.open('/');
  const header = document.querySelector('header.site-header')!;
  const menu = header.querySelector('.account-menu__list')!;
  return {
    top: [...header.querySelectorAll('.top-nav a')].map((a) => a.getAttribute('href')),
    menu: [...menu.querySelectorAll(':scope > li > a, :scope > li button')].map(words),
    profiles: [...menu.querySelectorAll('[data-switch-profile]')].length,
    label: header.querySelector('.account-menu summary')?.getAttribute('aria-label'),
  };
}

it('a kid profile’s header has no partner sections and no settings, profiles page or sign-out: only the switch', async () => {
  const { visitor, kidId } = await family();
  const adult = await headerOf(visitor);
  expect(adult.top).toEqual(expect.arrayContaining(['/hbo-max', '/dazn', '/kino1tv']));
  expect(adult.menu).toEqual(expect.arrayContaining(['Настройки', 'Профили', 'Выйти']));
  await toKid(visitor, kidId);
  const kid = await headerOf(visitor);
  expect(kid.top.filter((href) => adult.top.includes(href))).toEqual(kid.top);
  expect(kid.top).not.toContain('/hbo-max');
  expect(kid.top).not.toContain('/dazn');
  expect(kid.top).not.toContain('/kino1tv');
  expect(kid.top).not.toContain('/paramount-plus');
  expect(kid.top).toContain('/kids');
  expect(kid.menu).not.toContain('Настройки');
  expect(kid.menu).not.toContain('Профили');
  expect(kid.menu).not.toContain('Выйти');
  // Both profiles stay in the menu to switch between.
  expect(kid.profiles).toBe(2);
  expect(kid.label).toBe('Профиль «Маша»: сменить профиль');
});

it('a kid profile is refused the settings overview, the account and the devices (403, why, «Сменить профиль»), and its forms change nothing', async () => {
  const { visitor, email, kidId } = await family();
  // A second device of the account, which «sign out the others» would end.
  const other = new Visitor();
  const signedIn = await other.post('/auth/email/sign_in/', { email, password: 'correct horse 1' });
  expect(signedIn.status).toBe(200);
  for (const path of ['/settings', '/settings/account', '/settings/devices'])
    expect((await visitor.fetch(path)).status, path).toBe(200);
  await toKid(visitor, kidId);
  for (const path of ['/settings', '/settings/account', '/settings/devices']) {
    const page = await visitor.open(path);
    expect(page.status, path).toBe(403);
    const main = page.document.querySelector('main')!;
    expect(words(main)).toContain('Настройки аккаунта и выход доступны только во взрослом профиле');
    const links = [...main.querySelectorAll('a')].map((a) => [words(a), a.getAttribute('href')]);
    expect(links).toContainEqual(['Сменить профиль', '/settings/profiles']);
  }
  // The devices form's «sign out the others», posted without JavaScript, ends nothing.
  const devices = async () =>
    ((await (await visitor.fetch('/auth/sessions/')).json()) as { count: number }).count;
  expect(await devices()).toBe(2);
  const posted = await visitor.fetch('/settings/devices', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'action=others',
  });
  expect(posted.status).toBe(403);
  expect(await devices()).toBe(2);
  expect((await other.fetch('/auth/account/')).status).toBe(200);
  // The profiles page stays open: it is where the switch (with the PIN) goes on.
  expect((await visitor.fetch('/settings/profiles')).status).toBe(200);
});

it('the sign-in form without JavaScript, posted from a kid profile while parental control is on, is refused on the page (403) and the kid stays', async () => {
  const { visitor, email, accountId, kidId } = await family();
  const set = await visitor.post(`/auth/accounts/${accountId}/pin-code/set`, { pin: '2580' });
  expect(set.status, await set.clone().text()).toBe(201);
  await toKid(visitor, kidId);
  // A browser that autofills the password: the form posts over the kid's session.
  const body = new URLSearchParams({ form: 'signin', email, password: 'correct horse 1' });
  const page = await visitor.open('/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
  });
  expect(page.status).toBe(403);
  expect(words(page.document.querySelector('.auth [role="alert"]'))).toBe(
    'Из детского профиля выйти нельзя: переключитесь на взрослый профиль с PIN-кодом',
  );
  const renewed = await visitor.post('/auth/jwt/renew/');
  expect((await renewed.json()) as { userId: number; isKid: boolean }).toMatchObject({
    userId: kidId,
    isKid: true,
  });
});

it('the /code form, posted from a kid profile while parental control is on, approves nothing (403, why)', async () => {
  const { visitor, accountId, kidId } = await family();
  const set = await visitor.post(`/auth/accounts/${accountId}/pin-code/set`, { pin: '2580' });
  expect(set.status, await set.clone().text()).toBe(201);
  await toKid(visitor, kidId);
  const tv = new Visitor();
  const pairing = (await (await tv.post('/auth/tv_code/', {})).json()) as {
    device_code: string;
    user_code: string;
  };
  const page = await visitor.open('/code', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_code: pairing.user_code }),
  });
  expect(page.status).toBe(403);
  expect(words(page.document.querySelector('[role="alert"]'))).toBe(
    'Из детского профиля выйти нельзя: переключитесь на взрослый профиль с PIN-кодом',
  );
  // The TV still waits: its code was not approved.
  const polled = await tv.post('/auth/tv_code/token', { device_code: pairing.device_code });
  expect(polled.status).toBe(428);
});
