/** Genres, countries, studios and products of the seeded catalogue; ids are fixed so links are stable. */
import type { BuyType, Partner } from '../../../shared/catalogue.ts';

export const genres = [
  ['drama', 'драма'],
  ['comedy', 'комедия'],
  ['thriller', 'триллер'],
  ['detective', 'детектив'],
  ['sci-fi', 'фантастика'],
  ['fantasy', 'фэнтези'],
  ['horror', 'ужасы'],
  ['melodrama', 'мелодрама'],
  ['action', 'боевик'],
  ['adventure', 'приключения'],
  ['documentary', 'документальный'],
  ['animation', 'мультфильм'],
  ['family', 'семейный'],
  ['crime', 'криминал'],
  ['history', 'исторический'],
  ['biography', 'биография'],
  ['sport', 'спорт'],
  ['musical', 'мюзикл'],
  ['war', 'военный'],
  ['anime', 'аниме'],
].map(([slug, name], i) => ({ id: i + 1, slug: slug!, name: name! }));

export type GenreSlug = (typeof genres)[number]['slug'];

/** Genre id by slug. */
export function genreId(slug: string): number {
  const genre = genres.find((g) => g.slug === slug);
  if (!genre) throw new Error(`unknown genre ${slug}`);
  return genre.id;
}

export const countries = [
  ['US', 'США'],
  ['GB', 'Великобритания'],
  ['RU', 'Россия'],
  ['FR', 'Франция'],
  ['DE', 'Германия'],
  ['IT', 'Италия'],
  ['ES', 'Испания'],
  ['CA', 'Канада'],
  ['AU', 'Австралия'],
  ['JP', 'Япония'],
  ['KR', 'Южная Корея'],
  ['SE', 'Швеция'],
  ['DK', 'Дания'],
  ['NO', 'Норвегия'],
  ['IE', 'Ирландия'],
  ['NZ', 'Новая Зеландия'],
  ['BE', 'Бельгия'],
  ['NL', 'Нидерланды'],
  ['PL', 'Польша'],
  ['MX', 'Мексика'],
  ['BR', 'Бразилия'],
  ['AR', 'Аргентина'],
  ['IN', 'Индия'],
  ['CN', 'Китай'],
  ['IS', 'Исландия'],
].map(([code, name], i) => ({ id: i + 1, code: code!, name: name! }));

export const studios = [
  ['hbo', 'HBO'],
  ['paramount', 'Paramount'],
  ['a24', 'A24'],
  ['bbc', 'BBC'],
  ['warner-bros', 'Warner Bros.'],
  ['universal', 'Universal'],
  ['sony-pictures', 'Sony Pictures'],
  ['amediateka-originals', 'Amediateka Originals'],
  ['canal-plus', 'Canal+'],
  ['showtime', 'Showtime'],
  ['lionsgate', 'Lionsgate'],
  ['studiocanal', 'StudioCanal'],
  ['focus-features', 'Focus Features'],
  ['channel-4', 'Channel 4'],
  ['toho', 'Toho'],
  ['dazn-studios', 'DAZN Studios'],
].map(([slug, name], i) => ({ id: i + 1, slug: slug!, name: name! }));

/** Studio id by slug. */
export function studioId(slug: string): number {
  const studio = studios.find((s) => s.slug === slug);
  if (!studio) throw new Error(`unknown studio ${slug}`);
  return studio.id;
}

export const products: {
  id: number;
  slug: string;
  name: string;
  buy_type: BuyType;
  partner: Partner;
}[] = [
  { id: 1, slug: 'amediateka', name: 'Амедиатека', buy_type: 'SVOD', partner: 'none' },
  { id: 2, slug: 'hbo-max', name: 'HBO Max', buy_type: 'SVOD', partner: 'hbo-max' },
  {
    id: 3,
    slug: 'paramount-plus',
    name: 'Paramount+',
    buy_type: 'SVOD',
    partner: 'paramount-plus',
  },
  { id: 4, slug: 'kino1tv', name: 'Кино1ТВ', buy_type: 'SVOD', partner: 'kino1tv' },
  { id: 5, slug: 'dazn', name: 'DAZN', buy_type: 'SVOD', partner: 'dazn' },
  { id: 6, slug: 'rent-hd', name: 'Аренда в HD на 48 часов', buy_type: 'TVOD', partner: 'none' },
  { id: 7, slug: 'buy-hd', name: 'Покупка в HD', buy_type: 'EST', partner: 'none' },
  { id: 8, slug: 'buy-4k', name: 'Покупка в 4K', buy_type: 'EST', partner: 'none' },
];

/** The subscription that unlocks a partner's titles (the main one for titles without a partner). */
export function svodFor(partner: Partner): number {
  return products.find((p) => p.buy_type === 'SVOD' && p.partner === partner)!.id;
}
