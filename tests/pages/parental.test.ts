import { expect, it } from 'vitest';
import { Visitor, words } from './support/visitor.ts';

const PASSWORD = 'correct horse 1';
const unique = () => crypto.randomUUID().slice(0, 8);

/** A new account whose parental control is on at 16+ with a PIN, set through the API. */
async function parentWithPin(): Promise<string> {
  const visitor = new Visitor();
  const { email, accountId } = await visitor.signUp(`parent-${unique()}@example.ru`, PASSWORD);
  const set = await visitor.post(`/auth/accounts/${accountId}/pin-code/set`, {
    pin: '2580',
    ageLimit: 16,
  });
  expect(set.status, await set.clone().text()).toBe(201);
  return email;
}

/** Another device of the account: a session of its own, where the PIN is not entered. */
async function signedIn(email: string): Promise<Visitor> {
  const visitor = new Visitor();
  const res = await visitor.post('/auth/email/sign_in/', { email, password: PASSWORD });
  expect(res.status).toBe(200);
  return visitor;
}

it('a guest is sent to sign in, and a signed-up viewer’s /settings/parental says parental control is not set up', async () => {
  const guest = await new Visitor().open('/settings/parental');
  expect([guest.status, guest.headers.get('location')]).toEqual([302, '/settings/auth']);

  const visitor = new Visitor();
  await visitor.signUp(`parent-${unique()}@example.ru`, PASSWORD);
  const { document } = await visitor.open('/settings/parental');
  expect([...document.querySelectorAll('h1')].map((h) => words(h))).toEqual([
    'Родительский контроль',
  ]);
  expect(words(document.querySelector('main'))).toContain('Родительский контроль не настроен');
});

it('the server HTML of /settings/parental tells the truth (on, 16+) before any script; a kid profile gets the forbidden screen', async () => {
  const visitor = await signedIn(await parentWithPin());
  let page = await visitor.open('/settings/parental');
  const main = () => words(page.document.querySelector('main'));
  expect(main()).toContain('Родительский контроль включён · 16+');
  expect(main()).not.toContain('Родительский контроль не настроен');

  const kid = await visitor.post('/auth/users/', { name: 'Маша', isKid: true });
  expect(kid.status).toBe(201);
  const { id } = (await kid.json()) as { id: number };
  expect((await visitor.post('/auth/users/switch/', { userId: id })).status).toBe(200);
  page = await visitor.open('/settings/parental');
  expect(page.status).toBe(403);
  expect(words(page.document.querySelector('h1'))).toMatch(/доступ|прав/i);
  expect(main()).not.toContain('Родительский контроль включён');
});

it('every page of a signed-in account without the PIN entered knows the parental status at start, except the PIN page', async () => {
  const visitor = await signedIn(await parentWithPin());
  const rendered = async (path: string) => {
    const { document } = await visitor.open(path);
    return JSON.parse(document.getElementById('app-config')?.textContent ?? '{}').parental;
  };
  for (const path of ['/', '/series', '/faq'])
    expect(await rendered(path), path).toEqual({
      status: 'Enabled',
      ageLimit: 16,
      pinEntered: false,
    });
  expect(await rendered('/settings/parental'), 'the PIN page reads it its own way').toBeNull();
});
