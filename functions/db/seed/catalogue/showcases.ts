/**
 * Editorial content: collections, showcases with their shelves, page banners and CMS settings.
 * Shelves of kind cw/nw have no items (they are filled per viewer); an editors shelf shows either
 * its collection (collection_id, no items) or its own items; partner, blog and episodes shelves
 * have items.
 */
import type { Partner, ShelfKind } from '../../../shared/catalogue.ts';
import { DAY } from './clock.ts';
import type { EpisodeRow } from './series.ts';
import { countries, genreId } from './taxonomy.ts';
import type { TitleLinks, TitleRow } from './titles.ts';

type Pick = (t: TitleRow) => boolean;

const byPopularity = (a: TitleRow, b: TitleRow) => b.popularity - a.popularity || a.id - b.id;
const byRating = (a: TitleRow, b: TitleRow) => (b.rating ?? 0) - (a.rating ?? 0) || a.id - b.id;

/** Art URLs of the universal assets (docs/product.md, «What we keep»), served by the Worker's art route. */
export const DEFAULT_ART = {
  background: '/media/art/background/default.svg',
  poster: '/media/art/poster/default.svg',
};

/**
 * @example generateShowcases(titles, links, episodes, reference).collections.length // 16
 */
export function generateShowcases(
  titles: TitleRow[],
  links: TitleLinks,
  episodes: EpisodeRow[],
  reference: number,
) {
  const playable = titles.filter((t) => t.type !== 'trailer' && t.released_at <= reference);
  const genresOf = new Map<number, Set<number>>();
  for (const l of links.title_genres)
    (genresOf.get(l.title_id) ?? genresOf.set(l.title_id, new Set()).get(l.title_id)!).add(
      l.genre_id,
    );
  const countriesOf = new Map<number, Set<number>>();
  for (const l of links.title_countries)
    (countriesOf.get(l.title_id) ?? countriesOf.set(l.title_id, new Set()).get(l.title_id)!).add(
      l.country_id,
    );
  const hasGenre =
    (slug: string): Pick =>
    (t) =>
      genresOf.get(t.id)?.has(genreId(slug)) ?? false;
  const fromCountry =
    (code: string): Pick =>
    (t) =>
      countriesOf.get(t.id)?.has(countries.find((c) => c.code === code)!.id) ?? false;

  /** 12–30 titles: those matching, best first, topped up with the most popular of the fallback. */
  const choose = (
    match: Pick,
    order: (a: TitleRow, b: TitleRow) => number,
    fallback: Pick,
    size = 24,
  ) => {
    const chosen = playable.filter(match).sort(order).slice(0, size);
    const seen = new Set(chosen.map((t) => t.id));
    for (const t of playable.filter(fallback).sort(byPopularity)) {
      if (chosen.length >= 12) break;
      if (!seen.has(t.id)) chosen.push(t);
    }
    return chosen;
  };

  const any: Pick = () => true;
  const notKids: Pick = (t) => t.type !== 'kids';
  const specs: [slug: string, name: string, description: string, titles: TitleRow[]][] = [
    [
      'best-of-hbo',
      'Лучшее от HBO',
      'Сериалы и фильмы, за которые HBO любят во всём мире.',
      choose((t) => t.partner === 'hbo-max', byRating, notKids, 30),
    ],
    [
      'friday-night',
      'На вечер пятницы',
      'Комедии и триллеры, чтобы отдохнуть после рабочей недели.',
      choose((t) => hasGenre('comedy')(t) || hasGenre('thriller')(t), byPopularity, notKids, 20),
    ],
    [
      'family',
      'Для всей семьи',
      'Добрые фильмы и мультфильмы, которые можно смотреть вместе с детьми.',
      choose((t) => t.age_rating <= 6, byPopularity, any, 24),
    ],
    [
      'oscar-nominees',
      'Оскаровские номинанты',
      'Картины, которые спорили за главную кинопремию года.',
      choose((t) => t.type === 'movie' && t.partner !== 'dazn', byRating, notKids, 20),
    ],
    [
      'detectives',
      'Детективы',
      'Запутанные расследования и неожиданные развязки.',
      choose(hasGenre('detective'), byRating, hasGenre('crime'), 24),
    ],
    [
      'new-releases',
      'Новинки',
      'Самое свежее в каталоге.',
      choose(
        (t) => t.released_at > reference - 60 * DAY,
        (a, b) => b.released_at - a.released_at || a.id - b.id,
        any,
        24,
      ),
    ],
    [
      'sci-fi',
      'Фантастика',
      'Другие миры, путешествия во времени и искусственный интеллект.',
      choose(hasGenre('sci-fi'), byPopularity, hasGenre('fantasy'), 20),
    ],
    [
      'horror',
      'Страшно интересно',
      'Ужасы и мистика — смотреть при включённом свете.',
      choose(hasGenre('horror'), byPopularity, hasGenre('thriller'), 18),
    ],
    [
      'melodrama',
      'Истории любви',
      'Мелодрамы о любви, которая сильнее обстоятельств.',
      choose(hasGenre('melodrama'), byRating, hasGenre('drama'), 20),
    ],
    [
      'british',
      'Британские сериалы',
      'Лучшее британское телевидение: от детективов до костюмных драм.',
      choose(
        (t) => t.type === 'series' && fromCountry('GB')(t),
        byRating,
        (t) => t.type === 'series',
        16,
      ),
    ],
    [
      'mini-series',
      'Мини-сериалы',
      'Истории, которые можно посмотреть за выходные.',
      choose(
        (t) => t.type === 'series' && t.duration_min <= 50,
        byRating,
        (t) => t.type === 'series',
        16,
      ),
    ],
    [
      'classics',
      'Классика 70-х и 80-х',
      'Фильмы, на которых выросли поколения зрителей.',
      choose(
        (t) => t.year < 1990,
        byRating,
        (t) => t.year < 2000,
        20,
      ),
    ],
    [
      'crime',
      'Криминальные истории',
      'Гангстеры, аферисты и те, кто идёт по их следу.',
      choose(hasGenre('crime'), byPopularity, hasGenre('detective'), 20),
    ],
    [
      'documentary',
      'Документальное кино',
      'Реальные истории, которые удивляют сильнее вымысла.',
      choose(hasGenre('documentary'), byRating, hasGenre('biography'), 16),
    ],
    [
      'anime',
      'Аниме',
      'Японская анимация для взрослых и подростков.',
      choose(hasGenre('anime'), byRating, hasGenre('animation'), 12),
    ],
    [
      'paramount',
      'Хиты Paramount+',
      'Сериалы и фильмы Paramount+.',
      choose((t) => t.partner === 'paramount-plus', byPopularity, notKids, 20),
    ],
  ];
  const collections = specs.map(([slug, name, description], i) => ({
    id: i + 1,
    slug,
    name,
    description,
    position: i + 1,
  }));
  const collection_items = specs.flatMap(([, , , items], i) =>
    items.map((t, position) => ({ collection_id: i + 1, title_id: t.id, position })),
  );
  const collectionId = (slug: string) => collections.find((c) => c.slug === slug)!.id;

  const showcases: {
    id: number;
    slug: string;
    name: string;
    kind: 'featured' | 'current' | 'page';
  }[] = [];
  const shelves: {
    id: number;
    showcase_id: number;
    kind: ShelfKind;
    name: string;
    position: number;
    collection_id: number | null;
    partner: Exclude<Partner, 'none'> | null;
    wide: number;
  }[] = [];
  const shelf_items: {
    shelf_id: number;
    position: number;
    title_id: number | null;
    episode_id: number | null;
    headline: string | null;
    url: string | null;
  }[] = [];

  type ShelfSpec = {
    kind: ShelfKind;
    name: string;
    collection?: string;
    partner?: Exclude<Partner, 'none'>;
    wide?: boolean;
    titles?: TitleRow[];
    episodes?: EpisodeRow[];
    blog?: [string, string][];
  };
  const showcase = (
    slug: string,
    name: string,
    kind: 'featured' | 'current' | 'page',
    specs: ShelfSpec[],
  ) => {
    const showcaseId = showcases.length + 1;
    showcases.push({ id: showcaseId, slug, name, kind });
    specs.forEach((s, position) => {
      const shelfId = shelves.length + 1;
      shelves.push({
        id: shelfId,
        showcase_id: showcaseId,
        kind: s.kind,
        name: s.name,
        position: position + 1,
        collection_id: s.collection ? collectionId(s.collection) : null,
        partner: s.partner ?? null,
        wide: s.wide ? 1 : 0,
      });
      const items = [
        ...(s.titles ?? []).map((t) => ({
          title_id: t.id,
          episode_id: null,
          headline: null,
          url: null,
        })),
        ...(s.episodes ?? []).map((e) => ({
          title_id: null,
          episode_id: e.id,
          headline: null,
          url: null,
        })),
        ...(s.blog ?? []).map(([headline, url]) => ({
          title_id: null,
          episode_id: null,
          headline,
          url,
        })),
      ];
      for (const [i, item] of items.entries()) {
        shelf_items.push({ shelf_id: shelfId, position: i + 1, ...item });
      }
    });
  };

  const top = (match: Pick, size = 20, order = byPopularity) =>
    playable.filter(match).sort(order).slice(0, size);
  const newEpisodes = episodes
    .filter((e) => e.released_at <= reference && e.released_at > reference - 14 * DAY)
    .sort((a, b) => b.released_at - a.released_at || a.id - b.id)
    .slice(0, 24);
  const blog: [string, string][] = [
    [
      '10 сериалов, которые стоит посмотреть этой зимой',
      'https://blog.amediateka.example/winter-series-2026',
    ],
    [
      'Как снимают сериалы HBO: интервью с режиссёром',
      'https://blog.amediateka.example/hbo-director-interview',
    ],
    ['Главные премьеры декабря', 'https://blog.amediateka.example/december-premieres'],
    [
      'Что посмотреть всей семьёй на новогодних каникулах',
      'https://blog.amediateka.example/family-holidays',
    ],
    ['Гид по вселенной HBO: с чего начать', 'https://blog.amediateka.example/hbo-guide'],
    [
      'Лучшие детективы десятилетия по версии редакции',
      'https://blog.amediateka.example/best-detectives',
    ],
  ];
  const trailers = titles
    .filter((t) => t.type === 'trailer' && t.released_at <= reference)
    .sort((a, b) => b.released_at - a.released_at || a.id - b.id);
  const premieres = playable
    .filter((t) => t.released_at > reference - 14 * DAY)
    .sort((a, b) => b.released_at - a.released_at || a.id - b.id)
    .slice(0, 12);

  showcase('main', 'Главная', 'featured', [
    { kind: 'editors', name: 'Премьеры недели', wide: true, titles: premieres },
    { kind: 'cw', name: 'Продолжить просмотр' },
    { kind: 'episodes', name: 'Новые серии', episodes: newEpisodes },
    { kind: 'editors', name: 'Лучшее от HBO', collection: 'best-of-hbo' },
    {
      kind: 'partner',
      name: 'HBO Max',
      partner: 'hbo-max',
      titles: top((t) => t.partner === 'hbo-max'),
    },
    { kind: 'nw', name: 'Сейчас смотрят' },
    { kind: 'editors', name: 'На вечер пятницы', collection: 'friday-night' },
    {
      kind: 'partner',
      name: 'Paramount+',
      partner: 'paramount-plus',
      wide: true,
      titles: top((t) => t.partner === 'paramount-plus'),
    },
    { kind: 'editors', name: 'Для всей семьи', collection: 'family' },
    { kind: 'blog', name: 'Блог Амедиатеки', blog },
    { kind: 'editors', name: 'Оскаровские номинанты', collection: 'oscar-nominees' },
    { kind: 'editors', name: 'Детективы', collection: 'detectives' },
  ]);
  showcase('current', 'Сейчас в тренде', 'current', [
    { kind: 'nw', name: 'Сейчас смотрят' },
    { kind: 'editors', name: 'Популярное', titles: top(any, 20) },
    { kind: 'editors', name: 'Новинки', collection: 'new-releases' },
  ]);
  const page = (slug: string, name: string, specs: ShelfSpec[]) =>
    showcase(slug, name, 'page', specs);
  page('series', 'Сериалы', [
    {
      kind: 'editors',
      name: 'Популярные сериалы',
      wide: true,
      titles: top((t) => t.type === 'series'),
    },
    { kind: 'episodes', name: 'Новые серии', episodes: newEpisodes },
    { kind: 'editors', name: 'Британские сериалы', collection: 'british' },
    { kind: 'editors', name: 'Мини-сериалы', collection: 'mini-series' },
  ]);
  page('movies', 'Фильмы', [
    {
      kind: 'editors',
      name: 'Популярные фильмы',
      wide: true,
      titles: top((t) => t.type === 'movie'),
    },
    {
      kind: 'editors',
      name: 'Высокий рейтинг',
      titles: top((t) => t.type === 'movie', 20, byRating),
    },
    { kind: 'editors', name: 'Классика', collection: 'classics' },
  ]);
  page('kids', 'Детям', [
    {
      kind: 'editors',
      name: 'Любимые мультфильмы',
      wide: true,
      titles: top((t) => t.type === 'kids'),
    },
    {
      kind: 'editors',
      name: 'Для самых маленьких',
      titles: top((t) => t.type === 'kids' && t.age_rating === 0),
    },
    { kind: 'editors', name: 'Для всей семьи', collection: 'family' },
  ]);
  for (const [slug, name] of [
    ['hbo-max', 'HBO Max'],
    ['paramount-plus', 'Paramount+'],
    ['kino1tv', 'Кино1ТВ'],
    ['dazn', 'DAZN'],
  ] as const) {
    page(slug, name, [
      {
        kind: 'partner',
        name: `Популярное на ${name}`,
        partner: slug,
        wide: true,
        titles: top((t) => t.partner === slug),
      },
      {
        kind: 'partner',
        name: 'Новинки',
        partner: slug,
        titles: top(
          (t) => t.partner === slug,
          20,
          (a, b) => b.released_at - a.released_at || a.id - b.id,
        ),
      },
      {
        kind: 'partner',
        name: 'Высокий рейтинг',
        partner: slug,
        titles: top((t) => t.partner === slug, 20, byRating),
      },
    ]);
  }
  page('trailers', 'Трейлеры', [
    { kind: 'editors', name: 'Новые трейлеры', wide: true, titles: trailers.slice(0, 20) },
    {
      kind: 'editors',
      name: 'Трейлеры сериалов',
      titles: trailers.filter((t) => titles[t.trailer_of! - 1]?.type === 'series').slice(0, 20),
    },
  ]);

  const bannerTexts = [
    'Смотрите по подписке',
    'Эксклюзивно на Амедиатеке',
    'Все серии уже доступны',
    'Премьера сезона',
  ];
  const bannerPages: [string, Pick][] = [
    ['/', (t) => t.type !== 'kids'],
    ['/series', (t) => t.type === 'series'],
    ['/movies', (t) => t.type === 'movie'],
    ['/kids', (t) => t.type === 'kids'],
    ['/hbo-max', (t) => t.partner === 'hbo-max'],
  ];
  const page_banners = bannerPages
    .flatMap(([pagePath, match], p) =>
      top(match, 2 + (p % 3)).map((t, i) => ({
        page: pagePath,
        position: i + 1,
        title_id: t.id,
        headline: t.name,
        text: bannerTexts[(p + i) % bannerTexts.length]!,
      })),
    )
    .map((row, i) => ({ id: i + 1, ...row }));

  const cms_settings = [
    { key: 'DefaultHproductBackground', value: DEFAULT_ART.background },
    { key: 'DefaultVproductBackground', value: DEFAULT_ART.poster },
    { key: 'promoFooterBackground', value: DEFAULT_ART.background },
  ];

  return {
    collections,
    collection_items,
    showcases,
    shelves,
    shelf_items,
    page_banners,
    cms_settings,
  };
}
