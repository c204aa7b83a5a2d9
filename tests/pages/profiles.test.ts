import { expect, it } from 'vitest';
import { buttons, dialog, loosely } from './support/html-form.ts';
import { textsOf, Visitor, words } from './support/visitor.ts';

const unique = () => crypto.randomUUID().slice(0, 8);

it('a guest is sent to sign in from /settings/profiles', async () => {
  const guest = await new Visitor().open('/settings/profiles');
  expect([guest.status, guest.headers.get('location')]).toEqual([302, '/settings/auth']);
});

it('a kid profile is refused adult content, sees only titles for its age and may only switch profiles', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`profiles-${unique()}@example.ru`);
  const created = await visitor.post('/auth/users/', { name: 'Маша', isKid: true });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  expect((await visitor.post('/auth/users/switch/', { userId: id })).status).toBe(200);

  // An adult title: 403 with «Контент недоступен».
  // The catalogue as a guest lists it (a kid profile's list has no 18+ title).
  const movies = (await (
    await new Visitor().fetch('/cms/content/movies/?page_size=60')
  ).json()) as {
    results: { url: string; ageRating: string }[];
  };
  const adult = movies.results.find((m) => m.ageRating === '18+');
  expect(adult, 'an 18+ movie in the seed').toBeTruthy();
  const refused = await visitor.open(adult!.url);
  expect(refused.status).toBe(403);
  expect(dialog(refused.document, 'Контент недоступен')).toBeDefined();

  // /movies shows only titles rated 6+ or lower.
  const ages = textsOf((await visitor.open('/movies')).document, '.card__age');
  expect(ages.length).toBeGreaterThan(0);
  expect(ages.filter((a) => !['0+', '6+'].includes(a))).toEqual([]);

  // The kid profile sees the profiles but may only switch.
  const { document } = await visitor.open('/settings/profiles');
  expect(words(document.querySelector('main'))).toContain('Сейчас открыт детский профиль');
  expect(buttons(document, loosely('Добавить профиль')).length).toBe(0);
});

it('the profile buttons that need their script are disabled in the server HTML, so an early click is never lost', async () => {
  const visitor = new Visitor();
  await visitor.signUp(`profiles-${unique()}@example.ru`);
  expect((await visitor.post('/auth/users/', { name: 'Маша', isKid: false })).status).toBe(201);
  const { document } = await visitor.open('/settings/profiles');
  const named = [
    'Добавить профиль',
    'Добавить детский профиль',
    'Изменить профиль «Маша»',
    'Удалить профиль «Маша»',
    'Переключиться на профиль «Маша»',
  ];
  const found = named.map((name) => buttons(document, name));
  expect(found.map((list) => list.length)).toEqual(named.map(() => 1));
  expect(found.flat().filter((b) => !b.hasAttribute('disabled'))).toEqual([]);
});
