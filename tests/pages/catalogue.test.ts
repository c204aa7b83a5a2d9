import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { type Page, textsOf, Visitor, words } from './support/visitor.ts';

type Title = { id: number; name: string; url: string; ageRating: string };

/** JSON from the API as the visitor is answered it. */
async function api<T>(visitor: Visitor, path: string, init?: RequestInit): Promise<T> {
  const res = await visitor.fetch(path, init);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

/** The first title of a CMS list, as the pages will show it. */
async function first(visitor: Visitor, list: string, query = '') {
  return (await api<{ results: Title[] }>(visitor, `/cms/content/${list}/?page_size=1${query}`))
    .results[0]!;
}

/** Text as the page shows it: the page's words are typeset (non-breaking spaces), the API's not always. */
const norm = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The links a reader hears by that name (their text, or their aria-label). */
const linksNamed = (root: Document | Element, name: string | RegExp) =>
  [...root.querySelectorAll('a')].filter((a) => {
    const heard = a.getAttribute('aria-label') ?? words(a);
    return typeof name === 'string' ? heard === name : name.test(heard);
  });
const hrefOf = (root: Document | Element, name: string | RegExp) => {
  const [link] = linksNamed(root, name);
  expect(link, `a link named ${name}`).toBeDefined();
  return link!.getAttribute('href')!;
};

/** The first level-2 heading in main: the first card of a catalogue list. */
const firstCardName = (page: Page) => words(page.document.querySelector('main h2'));
const ages = (page: Page) => textsOf(page.document, '.card__age');

/** The dialog labelled by that title, as `getByRole('dialog', { name })` finds it. */
const dialogNamed = (document: Document, name: string) =>
  [...document.querySelectorAll('[role="dialog"], dialog')].find(
    (d) => words(document.getElementById(d.getAttribute('aria-labelledby') ?? '')) === name,
  );

/** The live status messages a reader hears (a hidden one, like the empty toasts region, is not heard). */
const statuses = (document: Document) =>
  [...document.querySelectorAll('[role="status"]')]
    .filter((el) => !el.closest('[hidden]'))
    .map((el) => words(el));

/** The JSON-LD blocks of a page, in order. */
const jsonLd = (page: Page) =>
  [...page.document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
    JSON.parse(s.textContent ?? ''),
  );

describe('catalogue sections', () => {
  it('/series shows the most popular series first, with a count and page links', async () => {
    const visitor = new Visitor();
    const top = await first(visitor, 'series');
    const page = await visitor.open('/series');
    expect(page.status).toBe(200);
    expect(textsOf(page.document, 'h1')).toEqual(['Сериалы']);
    expect(firstCardName(page)).toBe(norm(top.name));
    expect(words(page.document.querySelector('main'))).toMatch(/Найдено: \d+/);
    const next = hrefOf(page.document, 'Дальше →');
    expect(next).toMatch(/^\/series\?page=2$/);
    const second = await visitor.open(next);
    expect(words(second.document.querySelector('main'))).toMatch(/Страница 2 из \d+/);
  });

  it('filters are links that keep each other and reset the page', async () => {
    const visitor = new Visitor();
    const page = await visitor.open('/movies?page=2');
    const genres = [...page.document.querySelectorAll('details')].find(
      (d) => words(d.querySelector('summary')) === 'Жанры',
    );
    expect(genres).toBeDefined();
    const drama = hrefOf(genres!, 'Драма');
    expect(drama).toMatch(/^\/movies\?genre=drama$/);
    const byGenre = await visitor.open(drama);
    const newest = hrefOf(byGenre.document, 'Новые');
    expect(newest).toMatch(/^\/movies\?genre=drama&sort=new$/);
    const sorted = await visitor.open(newest);
    const top = await first(visitor, 'movies', '&genre=drama&sort=new');
    expect(firstCardName(sorted)).toBe(norm(top.name));
    expect(textsOf(sorted.document, '.filter__summary--on')).toEqual(['Драма']);
  });

  it('filters work without JavaScript', async () => {
    const page = await new Visitor().open('/series?age=12');
    const found = ages(page);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((a) => ['0+', '6+', '12+'].includes(a))).toBe(true);
  });

  it("the phone's filter sheet is a GET form that says how many filters are set and keeps the sort", async () => {
    const visitor = new Visitor();
    const page = await visitor.open('/movies?genre=drama&age=12&sort=new&page=2');
    const sheet = page.document.querySelector('details.sheet')!;
    expect(words(sheet.querySelector('summary'))).toBe('Фильтры, выбрано: 2');
    const form = sheet.querySelector('form')!;
    expect([form.getAttribute('method'), form.getAttribute('action')]).toEqual(['get', '/movies']);
    const fields = [...form.querySelectorAll('select, input')].map((f) => [
      f.getAttribute('name'),
      f.tagName === 'SELECT'
        ? (f.querySelector('option[selected]')?.getAttribute('value') ?? '')
        : f.getAttribute('value'),
    ]);
    // «Все» is an empty value; the page number is left behind, a new choice starts at page 1.
    expect(fields).toEqual([
      ['genre', 'drama'],
      ['country', ''],
      ['decade', ''],
      ['age', '12'],
      ['sort', 'new'],
    ]);
    const plain = await visitor.open('/movies');
    expect(words(plain.document.querySelector('details.sheet summary'))).toBe('Фильтры');
  });

  it('the form as a browser sends it without JavaScript, every field, reads «Все» as no filter', async () => {
    const visitor = new Visitor();
    const sent = await visitor.open('/movies?genre=drama&country=&decade=&age=&sort=new');
    expect(sent.status).toBe(200);
    const top = await first(visitor, 'movies', '&genre=drama&sort=new');
    expect(firstCardName(sent)).toBe(norm(top.name));
    expect(words(sent.document.querySelector('details.sheet summary'))).toBe('Фильтры, выбрано: 1');
    // The links it shows name only the filters set.
    expect(hrefOf(sent.document, 'Популярные')).toBe('/movies?genre=drama');
    // An empty value beside a set one of the same name leaves the set one alone.
    const both = await visitor.open('/movies?genre=&genre=drama&sort=new');
    expect(both.status).toBe(200);
    expect(firstCardName(both)).toBe(norm(top.name));
  });

  it('a malformed filter answers 404, not an error', async () => {
    const visitor = new Visitor();
    expect((await visitor.open('/series?page=0')).status).toBe(404);
    expect((await visitor.open('/movies?age=13')).status).toBe(404);
  });

  it("partner sections list only their partner's titles", async () => {
    const visitor = new Visitor();
    for (const [path, partner] of [
      ['/hbo-max', 'hbo-max'],
      ['/kino1tv', 'kino1tv'],
      ['/paramount-plus', 'paramount-plus'],
    ] as const) {
      const top = await first(visitor, 'special', `&partner=${partner}`);
      const page = await visitor.open(path);
      expect(page.status, path).toBe(200);
      expect(firstCardName(page), path).toBe(norm(top.name));
      // Every card of the section is one of the partner's titles, as the catalogue (D1) says.
      const ids = [...page.document.querySelectorAll('main a.card__link')].map((a) =>
        Number(/^\/watch\/(\d+)/.exec(a.getAttribute('href') ?? '')?.[1]),
      );
      expect(ids.length, path).toBeGreaterThan(0);
      const { results } = await env.DB.prepare(
        `SELECT id, partner FROM titles WHERE id IN (${ids.map(() => '?').join(', ')})`,
      )
        .bind(...ids)
        .all<{ id: number; partner: string }>();
      const partnerOf = new Map(results.map((t) => [t.id, t.partner]));
      expect(
        ids
          .filter((id) => partnerOf.get(id) !== partner)
          .map((id) => `${id}: ${partnerOf.get(id)}`),
        path,
      ).toEqual([]);
    }
    expect((await new Visitor({ country: 'US' }).open('/paramount-plus')).status).toBe(403);
  });

  it('/kids opens only in the CIS: elsewhere it is the forbidden screen', async () => {
    expect((await new Visitor({ country: 'KZ' }).open('/kids')).status).toBe(200);
    const abroad = await new Visitor({ country: 'DE' }).open('/kids');
    expect(abroad.status).toBe(403);
    expect(textsOf(abroad.document, 'h1, h2')).toContain('Нет доступа');
  });

  it('a kid profile sees only content up to 6+ in catalogue lists', async () => {
    const page = await (await new Visitor().holdToken({ kid: true })).open('/movies');
    const found = ages(page);
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((a) => ['0+', '6+'].includes(a))).toBe(true);
  });
});

describe('title pages', () => {
  it('a series page shows facts, people, seasons and episodes, and season links switch the list', async () => {
    const visitor = new Visitor();
    const series = await first(visitor, 'series');
    const detail = await api<{ seasons: { url: string }[] }>(
      visitor,
      `/cms/content/series/${series.id}/`,
    );
    const page = await visitor.open(series.url);
    expect(page.status).toBe(200);
    expect(textsOf(page.document, 'h1')).toEqual([norm(series.name)]);
    expect(norm(page.document.title)).toMatch(
      new RegExp(
        `^${norm(series.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(\\d{4}\\) — смотреть онлайн \\| Амедиатека$`,
      ),
    );
    expect(textsOf(page.document, 'h2')).toContain('Сезоны и серии');
    const seasonLinks = [...page.document.querySelectorAll('nav[aria-label="Сезоны"] a')];
    expect(seasonLinks.length).toBe(detail.seasons.length);
    expect(seasonLinks[0]!.getAttribute('aria-current')).toBe('page');
    const season = await api<{ episodes: unknown[] }>(
      visitor,
      detail.seasons[0]!.url.replace(/^https?:\/\/[^/]+/, ''),
    );
    expect(page.document.querySelectorAll('.episode').length).toBe(season.episodes.length);
    if (detail.seasons.length > 1) {
      const next = await visitor.open(seasonLinks[1]!.getAttribute('href')!);
      const links = next.document.querySelectorAll('nav[aria-label="Сезоны"] a');
      expect(links[1]!.getAttribute('aria-current')).toBe('page');
      expect(links[0]!.hasAttribute('aria-current')).toBe(false);
    }
  });

  it('a title page carries Movie or TVSeries data with a watch action, and a breadcrumb', async () => {
    const visitor = new Visitor();
    const movie = await first(visitor, 'movies');
    const blocks = jsonLd(await visitor.open(movie.url));
    expect(blocks[0]).toMatchObject({
      '@type': 'Movie',
      name: movie.name,
      contentRating: movie.ageRating,
      potentialAction: { '@type': 'WatchAction' },
    });
    expect(blocks[1]['@type']).toBe('BreadcrumbList');
  });

  it('adult content in a kid profile answers 403 with the watch popup', async () => {
    const visitor = new Visitor();
    // The most popular movie above 6+ (the old journey took the top one and skipped a kids' film).
    const { results } = await api<{ results: Title[] }>(
      visitor,
      '/cms/content/movies/?page_size=20&sort=popular',
    );
    const adult = results.find((t) => !['0+', '6+'].includes(t.ageRating));
    expect(adult, 'an adult movie among the popular ones').toBeDefined();
    await visitor.holdToken({ kid: true });
    const page = await visitor.open(adult!.url);
    expect(page.status).toBe(403);
    expect(dialogNamed(page.document, 'Контент недоступен')).toBeDefined();
  });

  it('Paramount+ content outside the CIS answers 403 with the watch popup', async () => {
    const title = await first(new Visitor(), 'special', '&partner=paramount-plus');
    const abroad = await new Visitor({ country: 'FR' }).open(title.url);
    expect(abroad.status).toBe(403);
    expect(dialogNamed(abroad.document, 'Контент недоступен')).toBeDefined();
    expect((await new Visitor({ country: 'RU' }).open(title.url)).status).toBe(200);
  });
});

/** 20:00 Moscow time today (the seed lays the guide around today): prime time, on air everywhere. */
const eveningInMoscow = () => {
  const day = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  return Date.parse(`${day}T20:00:00+03:00`);
};
type OnAir = { name: string; slug: string; now: { name: string } | null };

describe('collections and TV', () => {
  it('/collections lists the collections and each one opens with its titles', async () => {
    const visitor = new Visitor();
    const list = await api<{ results: { name: string; slug: string }[] }>(
      visitor,
      '/cms/showcases/collections/?page_size=1',
    );
    const one = list.results[0]!;
    const page = await visitor.open('/collections');
    const href = hrefOf(page.document, new RegExp(norm(one.name)));
    expect(href).toMatch(new RegExp(`/collections/${one.slug}$`));
    const collection = await visitor.open(href);
    expect(textsOf(collection.document, 'h1')).toEqual([norm(one.name)]);
    const detail = await api<{ count: number }>(visitor, `/cms/showcases/collections/${one.slug}/`);
    expect(collection.document.querySelectorAll('.card').length).toBe(detail.count);
    expect((await visitor.open('/collections/no-such-collection')).status).toBe(404);
  });

  it('/tv lists every channel with its programme of today, what is on now marked, in Moscow time', async () => {
    const visitor = new Visitor();
    const clock = { 'x-dev-clock': String(eveningInMoscow()) };
    const channels = await api<{ count: number; results: OnAir[] }>(visitor, '/cms/tv/channels/', {
      headers: clock,
    });
    const page = await visitor.open('/tv', { headers: clock });
    const cards = [...page.document.querySelectorAll('.channel')];
    expect(cards.length).toBe(channels.count);
    const onAir = channels.results.filter((c) => c.now);
    expect(onAir.length).toBeGreaterThan(0);
    for (const channel of onAir) {
      const card = cards.find(
        (c) => words(c.querySelector('.channel__name')) === norm(channel.name),
      );
      expect(words(card?.querySelector('[aria-current="time"]')), channel.slug).toContain(
        norm(channel.now!.name),
      );
    }
  });

  it("/tv has a day picker (web-enable-calendar is on in the seed) showing a day's guide", async () => {
    const visitor = new Visitor();
    const page = await visitor.open('/tv');
    const days = [...page.document.querySelectorAll('nav[aria-label="Дни"] a')];
    expect(days.length).toBe(7);
    expect(days[1]!.getAttribute('aria-current')).toBe('page');
    expect(words(days[1])).toContain('Сегодня');
    const href = days[3]!.getAttribute('href')!;
    expect(href).toMatch(/^\/tv\?date=\d{4}-\d{2}-\d{2}$/);
    const day = await visitor.open(href);
    const cards = day.document.querySelectorAll('.channel');
    expect(cards.length).toBe(30);
    expect(cards[0]!.querySelectorAll('li').length).toBeGreaterThan(5);
    expect((await visitor.open('/tv?date=not-a-date')).status).toBe(404);
  });

  it('a channel page shows its programme of the day in Moscow time, what is on now, and BroadcastEvent data', async () => {
    const visitor = new Visitor();
    const clock = { 'x-dev-clock': String(eveningInMoscow()) };
    const channels = await api<{ results: OnAir[] }>(visitor, '/cms/tv/channels/', {
      headers: clock,
    });
    const channel = channels.results.find((c) => c.now);
    expect(channel, 'a channel on air at 20:00').toBeDefined();
    const guide = await visitor.open('/tv', { headers: clock });
    expect(hrefOf(guide.document, norm(channel!.name))).toBe(`/tv/${channel!.slug}`);
    const page = await visitor.open(`/tv/${channel!.slug}`, { headers: clock });
    expect(textsOf(page.document, 'h1')).toEqual([norm(channel!.name)]);
    const day = await api<{ programmes: unknown[] }>(
      visitor,
      `/cms/tv/channels/${channel!.slug}/`,
      {
        headers: clock,
      },
    );
    expect(page.document.querySelectorAll('.programme').length).toBe(day.programmes.length);
    expect(words(page.document.querySelector('[aria-current="time"]'))).toContain(
      norm(channel!.now!.name),
    );
    const events = jsonLd(page).flatMap((b) =>
      b['@type'] === 'ItemList' ? b.itemListElement.map((i: { item: unknown }) => i.item) : [],
    );
    expect(events[0]).toMatchObject({
      '@type': 'BroadcastEvent',
      publishedOn: { '@type': 'BroadcastService', name: channel!.name },
    });
    expect(events).toHaveLength(day.programmes.length);
    const days = [...page.document.querySelectorAll('nav[aria-label="Дни"] a')];
    const href = days[3]!.getAttribute('href')!;
    expect(href).toMatch(new RegExp(`^/tv/${channel!.slug}\\?date=\\d{4}-\\d{2}-\\d{2}$`));
    const other = await visitor.open(href, { headers: clock });
    expect(other.document.querySelectorAll('.programme').length).toBeGreaterThan(0);
    expect((await visitor.open('/tv/no-such-channel')).status).toBe(404);
    expect((await visitor.open(`/tv/${channel!.slug}?date=2026-13-45`)).status).toBe(404);
  });
});

describe('search page', () => {
  it('finds a title by a prefix of its name, without JavaScript too', async () => {
    const visitor = new Visitor();
    const top = await first(visitor, 'series');
    const word = top.name.split(' ')[0]!.slice(0, 4);
    const found = await api<{ count: number; results: Title[] }>(
      visitor,
      `/cms/search/?query=${encodeURIComponent(word)}`,
    );
    const page = await visitor.open('/search');
    expect(textsOf(page.document, 'h2')).toContain('Популярное');
    // The form as a browser without JavaScript submits it: a GET to /search with the field's name.
    const form = page.document.querySelector('form[role="search"]')!;
    expect(form.getAttribute('action')).toBe('/search');
    expect(form.getAttribute('method')).toBe('get');
    const field = form.querySelector(`#${form.querySelector('label')!.getAttribute('for')}`)!;
    expect(words(form.querySelector('label'))).toBe('Название, актёр или режиссёр');
    expect([...form.querySelectorAll('button[type="submit"]')].map((b) => words(b))).toEqual([
      'Найти',
    ]);
    const results = await visitor.open(
      `/search?${new URLSearchParams({ [field.getAttribute('name')!]: word })}`,
    );
    expect(statuses(results.document)).toHaveLength(1);
    expect(statuses(results.document)[0]).toContain(`Нашлось ${found.count}`);
    expect(words(results.document.querySelector('.card'))).toContain(norm(found.results[0]!.name));
  });

  it('says so when nothing is found', async () => {
    const page = await new Visitor().open('/search?query=zzzqqqxxx');
    expect(statuses(page.document)).toEqual(['По запросу «zzzqqqxxx» ничего не нашлось']);
    expect(page.document.querySelectorAll('.card').length).toBe(0);
  });
});
