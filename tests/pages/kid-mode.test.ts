import { expect, it } from 'vitest';
import { loadedShelves } from './support/home-shelves.ts';
import { loosely } from './support/html-form.ts';
import { type Page, Visitor, words } from './support/visitor.ts';

/** An account of its own with a kid profile «Маша», switched to it. */
async function kidProfile() {
  const visitor = new Visitor();
  await visitor.signUp(`kid-mode-${crypto.randomUUID().slice(0, 8)}@example.ru`);
  const kid = await visitor.post('/auth/users/', { name: 'Маша', isKid: true });
  expect(kid.status).toBe(201);
  const { id } = (await kid.json()) as { id: number };
  const switched = await visitor.post('/auth/users/switch/', { userId: id });
  expect(switched.status, await switched.clone().text()).toBe(200);
  return visitor;
}

async function adultItems(visitor: Visitor) {
  const movies = (await (await visitor.fetch('/cms/content/movies/?page_size=60')).json()) as {
    results: { url: string; ageRating: string }[];
  };
  const channels = (await (await visitor.fetch('/cms/tv/channels/')).json()) as {
    results: { slug: string; ageRating: string }[];
  };
  return {
    title: movies.results.find((m) => m.ageRating === '18+')!.url,
    channel: channels.results.find((c) => !['0+', '6+'].includes(c.ageRating))!.slug,
  };
}

/** The links whose text (or label) holds the name, as getByRole('link', { name }) finds them. */
const linksNamed = (root: Pick<ParentNode, 'querySelectorAll'>, name: string) =>
  [...root.querySelectorAll('a')].filter((a) =>
    loosely(name).test(`${words(a)} ${a.getAttribute('aria-label') ?? ''}`),
  );

/** The dialog labelled (aria-labelledby) by the name. */
const dialogNamed = (page: Page, name: string) =>
  [...page.document.querySelectorAll('[role="dialog"], dialog')].find(
    (d) => words(page.document.getElementById(d.getAttribute('aria-labelledby') ?? '')) === name,
  );

it('a kid profile’s home greets it by name, offers nothing to buy and fills every shelf, no title twice', async () => {
  const kid = await kidProfile();
  const home = await kid.open('/');
  const { document } = home;
  expect([...document.querySelectorAll('h1')].map((h) => words(h))).toEqual(['Привет, Маша!']);
  const main = document.querySelector('main')!;
  expect(
    [...main.querySelectorAll('a[href^="/advantages"], a[href^="/paywall"], .hero')].map((el) =>
      el.outerHTML.slice(0, 120),
    ),
  ).toEqual([]);
  expect(words(main)).not.toMatch(/₽|руб\.|подписк|Попробовать|купить/i);

  // Full shelves (the later ones as they come), no title twice.
  const shelves = await loadedShelves(kid, home);
  expect(shelves.length).toBeGreaterThanOrEqual(4);
  for (const shelf of shelves)
    expect(shelf.querySelectorAll('.card').length).toBeGreaterThanOrEqual(6);
  const links = shelves.flatMap((shelf) =>
    [...shelf.querySelectorAll('.card__link')].map((a) => a.getAttribute('href')),
  );
  expect(new Set(links).size).toBe(links.length);
});

it('a channel or title refused to a kid profile says why, with the forbidden screen', async () => {
  const kid = await kidProfile();
  const items = await adultItems(new Visitor());

  const channel = await kid.open(`/tv/${items.channel}`);
  expect(channel.status).toBe(403);
  expect([...channel.document.querySelectorAll('h1')].map((h) => words(h))).toEqual([
    'Нет доступа',
  ]);
  const main = words(channel.document.querySelector('main'));
  expect(main).toContain('Этот канал не для детского профиля');
  expect(main).not.toContain('Страница не найдена');
  expect(linksNamed(channel.document, 'Сменить профиль').map((a) => words(a))).toHaveLength(1);

  const title = await kid.open(items.title);
  expect(title.status).toBe(403);
  const popup = dialogNamed(title, 'Контент недоступен');
  expect(words(popup)).toContain('Этот фильм или сериал не для детского профиля');
  expect(linksNamed(popup!, 'Сменить профиль').map((a) => words(a))).toHaveLength(1);
});
