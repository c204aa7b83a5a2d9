/**
 * Titles (movies, series, kids, trailers) and their links: genres, countries, studios, people and
 * the products that unlock them. Release dates are relative to the reference day.
 */
import type { AgeRating, Partner, TitleType } from '../../../shared/catalogue.ts';
import { DAY, moscowYear, yearStart } from './clock.ts';
import { describe as describeTitle } from './descriptions.ts';
import type { PersonRow } from './people.ts';
import type { Rng } from './rng.ts';
import { rng } from './rng.ts';
import { slugify, uniqueSlugger } from './slug.ts';
import { countries, genreId, products, studioId, svodFor } from './taxonomy.ts';
import { type NameKind, titleNamer } from './title-names.ts';

export interface TitleRow {
  id: number;
  slug: string;
  type: TitleType;
  name: string;
  original_name: string;
  description: string;
  year: number;
  age_rating: AgeRating;
  partner: Partner;
  duration_min: number;
  rating: number | null;
  popularity: number;
  trailer_of: number | null;
  released_at: number;
}

export interface TitleLinks {
  title_genres: { title_id: number; genre_id: number }[];
  title_countries: { title_id: number; country_id: number }[];
  title_studios: { title_id: number; studio_id: number }[];
  title_people: {
    title_id: number;
    person_id: number;
    role: 'actor' | 'director';
    position: number;
  }[];
  title_products: { title_id: number; product_id: number }[];
}

/** How many base titles of each type (trailers come on top, one per five titles). */
export function titleCounts(scale: number) {
  const n = (x: number) => Math.max(1, Math.round(x * scale));
  return { movie: n(290), series: n(140), kids: n(90) };
}

const dramaGenres = [
  'drama',
  'comedy',
  'thriller',
  'detective',
  'sci-fi',
  'fantasy',
  'horror',
  'melodrama',
  'action',
  'adventure',
  'crime',
  'history',
  'biography',
  'musical',
  'war',
  'documentary',
];
const kidsGenres = ['adventure', 'comedy', 'fantasy', 'musical', 'family'];
const countryWeights = countries.map(
  (c) => [c.id, { US: 40, GB: 14, RU: 8, FR: 5, DE: 3, CA: 3, KR: 3 }[c.code] ?? 1] as const,
);
const partnerWeights = [
  ['hbo-max', 15.5],
  ['paramount-plus', 8.3],
  ['kino1tv', 6.2],
  ['none', 67],
] as const;

/** A year from 1970 to the reference year, recent years far more likely. */
function recentYear(r: Rng, lastYear: number): number {
  return lastYear - Math.floor((lastYear - 1970 + 1) * r.next() ** 2.6);
}

/** Release time for a title: mostly in its year, some in the last 14 days, a few in the next 14. */
function releaseTime(r: Rng, year: number, reference: number): [number, number] {
  const roll = r.next();
  if (roll < 0.05) return [moscowYear(reference - 13 * DAY), reference - r.int(0, 13) * DAY];
  if (roll < 0.065) return [moscowYear(reference + 14 * DAY), reference + r.int(1, 14) * DAY];
  const start = yearStart(year);
  const end = Math.min(yearStart(year + 1), reference - 15 * DAY);
  return [year, start + Math.floor(((end - start) / DAY) * r.next()) * DAY];
}

function ageFor(r: Rng, type: TitleType, genres: string[]): AgeRating {
  if (type === 'kids') return r.chance(0.55) ? 0 : 6;
  if (genres.includes('horror')) return 18;
  return r.weighted([
    [0, 4],
    [6, 9],
    [12, 25],
    [16, 36],
    [18, 26],
  ] as const);
}

/**
 * The catalogue's titles and links. People ids are drawn from `people`: the first tenth direct,
 * the rest act, and a few actors get most of the roles, as in life.
 * @example generateTitles({ scale: 1, reference, people }).titles.length // 624
 */
export function generateTitles(opts: { scale: number; reference: number; people: PersonRow[] }) {
  const { reference, people } = opts;
  const lastYear = moscowYear(reference);
  const counts = titleCounts(opts.scale);
  const r = rng('titles');
  const nextName = titleNamer();
  const nextSlug = uniqueSlugger();
  const titles: TitleRow[] = [];
  const links: TitleLinks = {
    title_genres: [],
    title_countries: [],
    title_studios: [],
    title_people: [],
    title_products: [],
  };
  const directors = people.slice(0, Math.max(1, Math.floor(people.length / 10)));
  const actors = people.slice(directors.length);
  const sportCount = Math.max(1, Math.round((counts.movie + counts.series + counts.kids) * 0.03));

  const types: TitleType[] = [
    ...Array<TitleType>(counts.movie).fill('movie'),
    ...Array<TitleType>(counts.series).fill('series'),
    ...Array<TitleType>(counts.kids).fill('kids'),
  ];
  // Interleaved so ids (and "newest first" lists) mix the types.
  const order = r.sample(types, types.length);
  const movieIndexes = order.flatMap((type, i) => (type === 'movie' ? [i] : []));
  const sportIndexes = new Set(r.sample(movieIndexes, sportCount));

  order.forEach((type, index) => {
    const id = index + 1;
    const sport = sportIndexes.has(index);
    const anime = !sport && type !== 'kids' && r.chance(0.04);
    const partner: Partner = sport
      ? 'dazn'
      : type === 'kids'
        ? r.chance(0.1)
          ? 'paramount-plus'
          : 'none'
        : r.weighted(partnerWeights);

    const genres = sport
      ? ['documentary', 'sport']
      : type === 'kids'
        ? ['animation', ...r.sample(kidsGenres, r.int(1, 2))]
        : anime
          ? ['anime', ...r.sample(['fantasy', 'sci-fi', 'adventure', 'drama'], r.int(1, 2))]
          : r.sample(dramaGenres, r.int(1, 3));
    const nameKind: NameKind = sport ? 'sport' : type === 'kids' ? 'kids' : 'drama';
    const [name, original] = nextName(r, nameKind);
    const [year, releasedAt] = releaseTime(r, recentYear(r, lastYear), reference);
    const rating = Math.round((5 + 4.2 * ((r.next() + r.next() + r.next()) / 3)) * 10) / 10;
    const fresh = releasedAt > reference - 60 * DAY ? 1.6 : 1;
    titles.push({
      id,
      slug: nextSlug(slugify(original)),
      type,
      name,
      original_name: original,
      description: describeTitle(
        r,
        sport ? 'sport' : (type as 'movie' | 'series' | 'kids'),
        genres,
      ),
      year,
      age_rating: ageFor(r, type, genres),
      partner,
      duration_min:
        type === 'movie'
          ? r.int(sport ? 70 : 82, sport ? 110 : 165)
          : type === 'series'
            ? r.int(40, 60)
            : r.int(25, 95),
      rating,
      popularity: Math.round(100_000 * r.next() ** 3 * fresh + rating * 100),
      trailer_of: null,
      released_at: releasedAt,
    });

    for (const slug of genres) links.title_genres.push({ title_id: id, genre_id: genreId(slug) });
    const countryIds = anime
      ? [countries.find((c) => c.code === 'JP')!.id]
      : partner === 'kino1tv'
        ? [countries.find((c) => c.code === 'RU')!.id]
        : [r.weighted(countryWeights)];
    if (!anime && partner === 'none' && r.chance(0.25)) {
      const second = r.weighted(countryWeights);
      if (!countryIds.includes(second)) countryIds.push(second);
    }
    for (const country_id of countryIds) links.title_countries.push({ title_id: id, country_id });

    const studioSlugs = new Set<string>();
    if (partner === 'hbo-max') studioSlugs.add('hbo');
    else if (partner === 'paramount-plus') studioSlugs.add('paramount');
    else if (partner === 'dazn') studioSlugs.add('dazn-studios');
    else if (partner === 'kino1tv') studioSlugs.add('amediateka-originals');
    else if (anime) studioSlugs.add('toho');
    else
      studioSlugs.add(
        r.pick([
          'a24',
          'bbc',
          'warner-bros',
          'universal',
          'sony-pictures',
          'amediateka-originals',
          'canal-plus',
          'showtime',
          'lionsgate',
          'studiocanal',
          'focus-features',
          'channel-4',
        ]),
      );
    if (r.chance(0.2))
      studioSlugs.add(r.pick(['warner-bros', 'universal', 'canal-plus', 'studiocanal', 'bbc']));
    for (const slug of studioSlugs)
      links.title_studios.push({ title_id: id, studio_id: studioId(slug) });

    const directorIds = r.sample(directors, r.chance(0.15) ? 2 : 1).map((p) => p.id);
    for (const [position, person_id] of directorIds.entries()) {
      links.title_people.push({ title_id: id, person_id, role: 'director', position });
    }
    const cast = new Set<number>();
    const castSize = r.int(3, 8);
    while (cast.size < castSize) cast.add(actors[Math.floor(actors.length * r.next() ** 1.7)]!.id);
    for (const [position, person_id] of [...cast].entries()) {
      links.title_people.push({ title_id: id, person_id, role: 'actor', position });
    }

    // Premieres of the last weeks are sold before they join the subscription; some movies can also be rented or bought.
    const premiere = type === 'movie' && partner === 'none' && releasedAt > reference - 14 * DAY;
    const productIds = premiere ? [] : [svodFor(partner)];
    if (type === 'movie' && partner === 'none' && (premiere || r.chance(0.25))) {
      productIds.push(
        products.find((p) => p.slug === 'rent-hd')!.id,
        products.find((p) => p.slug === 'buy-hd')!.id,
      );
      if (r.chance(0.4)) productIds.push(products.find((p) => p.slug === 'buy-4k')!.id);
    }
    for (const product_id of productIds) links.title_products.push({ title_id: id, product_id });
  });

  return { titles, links };
}

const typeGenitive: Record<Exclude<TitleType, 'trailer'>, string> = {
  movie: 'фильма',
  series: 'сериала',
  kids: 'мультфильма',
};
const dateFormat = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Moscow',
});

/**
 * One trailer for every fifth title, released a month before its title (or with it, if older).
 * Runs after series schedules are set, so a trailer's dates follow its title's.
 */
export function generateTrailers(
  titles: TitleRow[],
  links: TitleLinks,
  reference: number,
): TitleRow[] {
  const r = rng('trailers');
  const nextSlug = uniqueSlugger();
  for (const t of titles) nextSlug(t.slug);
  const bases = titles.filter((_, i) => i % 5 === 2);
  let id = titles.length;
  return bases.map((base) => {
    id += 1;
    const kind = typeGenitive[base.type as Exclude<TitleType, 'trailer'>];
    const releasedAt = base.released_at - 30 * DAY;
    const when =
      base.released_at > reference
        ? `Премьера — ${dateFormat.format(new Date(base.released_at * 1000))}.`
        : r.pick([
            'Уже можно смотреть целиком.',
            'Смотрите полную версию по подписке.',
            'Самые яркие моменты — за две минуты.',
          ]);
    for (const g of links.title_genres.filter((l) => l.title_id === base.id))
      links.title_genres.push({ title_id: id, genre_id: g.genre_id });
    for (const c of links.title_countries.filter((l) => l.title_id === base.id))
      links.title_countries.push({ title_id: id, country_id: c.country_id });
    return {
      id,
      slug: nextSlug(`${base.slug}-trailer`),
      type: 'trailer' as const,
      name: `${base.name}. Трейлер`,
      original_name: `${base.original_name}: Trailer`,
      description: `Официальный трейлер ${kind} «${base.name}». ${when}`,
      year: moscowYear(releasedAt),
      age_rating: base.age_rating,
      partner: base.partner,
      duration_min: r.int(1, 3),
      rating: null,
      popularity: Math.round(base.popularity / 4),
      trailer_of: base.id,
      released_at: releasedAt,
    };
  });
}
