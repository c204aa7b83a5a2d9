import { z } from 'zod';
import { pageQuery } from '../../lib/pagination.ts';
import { age, idParam, pagedOf, slug } from '../../lib/schemas.ts';
import { PARTNERS, TITLE_TYPES } from '../../shared/catalogue.ts';
import { SORTS } from './content.repo.ts';

/**
 * The catalogue's request and answer schemas: the routes validate with them, the OpenAPI document
 * describes with them, the pages parse their URLs with them and the DTO types are inferred from them.
 */

/** The filters, sort and page of a catalogue list: the API's list query and the section pages'. */
export const listQuery = pageQuery.extend({
  genre: slug.optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((s) => s.toUpperCase())
    .optional(),
  studio: slug.optional(),
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  decade: z.coerce.number().int().min(1900).max(2100).multipleOf(10).optional(),
  age,
  sort: z.enum(SORTS).default('popular'),
  partner: z.enum(PARTNERS).optional(),
});

/** `?content_id=` of recommendations and seasons, with the client's age limit and a limit. */
export const contentIdQuery = z.object({
  content_id: idParam,
  age,
  limit: z.coerce.number().int().min(1).max(60).default(18),
});

/** `/{type}/{id}` of a title's detail. */
export const titleParam = z.object({ type: z.string(), id: idParam });

/** `/series/{id}/seasons/{number}`. */
export const seasonParam = z.object({
  id: idParam,
  number: z.coerce.number().int().min(1).max(100),
});

/** `{slug}` of a collection or a showcase: the collection page parses its path with it too. */
export const slugParam = z.object({ slug });

/** `{idOrSlug}` of a product. */
export const productParam = z.object({ idOrSlug: slug });

export const searchQuery = pageQuery.extend({ query: z.string().trim().min(1).max(100), age });

/** `?page=` of a page's banners: a path of the site. */
export const bannerQuery = z.object({ age, page: z.string().startsWith('/').max(200) });

/** The window around now of premieres: by default the past week and the coming two weeks. */
export const windowQuery = z.object({
  days_back: z.coerce.number().int().min(0).max(60).default(7),
  days_ahead: z.coerce.number().int().min(0).max(60).default(14),
  limit: z.coerce.number().int().min(1).max(60).default(24),
  age,
});

export const resolveQuery = z.object({ path: z.string().startsWith('/').max(512) });
export const mediascopeQuery = z.object({ content_id: idParam });

const int = z.number().int();

/**
 * A title's art: `poster` and `background` are single URLs (the largest width), as clients of the
 * API expect; the `…Srcset` fields list every width for an <img srcset>.
 */
export const assets = z.object({
  poster: z.string(),
  background: z.string(),
  posterSrcset: z.string().describe('Постер в нескольких ширинах, для srcset'),
  backgroundSrcset: z.string().describe('Фон в нескольких ширинах, для srcset'),
});

/** A title as a card in lists, shelves and search results: the row with its age label, art and URL. */
export const card = z.object({
  id: int,
  slug: z.string(),
  type: z.enum(TITLE_TYPES),
  name: z.string(),
  originalName: z.string(),
  year: int,
  ageRating: z.string().describe('«16+»'),
  partner: z.enum(PARTNERS),
  rating: z.number().nullable(),
  /** Up to two genre names, shown when the card is hovered or focused. */
  genres: z.array(z.string()).describe('До двух жанров'),
  assets,
  url: z.string(),
});

export const season = z.looseObject({ id: int, number: int, url: z.string() });

export const titleDetail = card.extend({
  description: z.string(),
  durationMin: int.nullable(),
  releasedAt: int.nullable(),
  genres: z.array(z.looseObject({})),
  countries: z.array(z.looseObject({})),
  studios: z.array(z.looseObject({})),
  people: z.object({
    actors: z.array(z.looseObject({})),
    directors: z.array(z.looseObject({})),
  }),
  seasons: z.array(season),
  products: z.array(z.looseObject({})),
  trailers: z.array(
    z.object({
      id: int,
      name: z.string(),
      durationMin: int.nullable(),
      url: z.string(),
      assets,
    }),
  ),
  trailerOf: int.nullable(),
});

export const seasonDetail = z.object({
  id: int,
  number: int,
  name: z.string().nullable(),
  year: int.nullable(),
  content: z.object({ id: int, name: z.string(), ageRating: z.string(), url: z.string() }),
  episodes: z.array(
    z.object({
      id: int,
      number: int,
      name: z.string(),
      description: z.string().nullable(),
      durationMin: int.nullable(),
      releasedAt: int.nullable(),
      free: z.boolean(),
    }),
  ),
});

/** A new episode, with its series as a card: on the «Новые серии» shelf and in premieres. */
export const episodeItem = z.object({
  episodeId: int,
  number: int,
  name: z.string(),
  seasonNumber: int,
  releasedAt: int,
  content: card,
  url: z.string(),
});

export const blogItem = z.object({ headline: z.string(), url: z.string() });

/**
 * A card of a personal shelf: continue watching adds how much of it is watched (0–1), the episode
 * it goes on with (none for a film) and the seconds left of it.
 */
export const personalCard = card.extend({
  progress: z.number().optional().describe('Доля просмотренного, 0–1'),
  episode: z
    .object({ season: int, number: int })
    .nullable()
    .optional()
    .describe('Серия, с которой продолжить; null — фильм'),
  secondsLeft: z.number().optional().describe('Сколько секунд осталось досмотреть'),
});

const shelfBase = z.object({
  id: int,
  name: z.string(),
  wide: z.boolean(),
  partner: z.enum(PARTNERS).exclude(['none']).nullable(),
  /** Id and slug of the collection an editors' shelf shows (its page is `/collections/{slug}`). */
  collection: int.nullable(),
  collectionSlug: z.string().nullable(),
});

/** A shelf as the API answers it and the pages render it; `kind` says what its items are. */
export const shelf = z.discriminatedUnion('kind', [
  shelfBase.extend({
    kind: z.enum(['cw', 'nw']),
    personal: z.literal(true).describe('Заполняется для каждого зрителя отдельно'),
    items: z.array(personalCard),
  }),
  shelfBase.extend({ kind: z.literal('blog'), items: z.array(blogItem) }),
  shelfBase.extend({ kind: z.literal('episodes'), items: z.array(episodeItem) }),
  shelfBase.extend({ kind: z.enum(['editors', 'partner']), items: z.array(card) }),
]);

export const showcase = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  shelves: z.array(shelf),
});

export const episodePremiere = episodeItem.extend({ upcoming: z.boolean() });

export const seasonPremiere = z.object({
  seasonId: int,
  number: int,
  name: z.string().nullable(),
  releasedAt: int,
  upcoming: z.boolean(),
  content: card,
});

export const facet = z.looseObject({ name: z.string(), count: int });

export const product = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  buyType: z.string(),
  partner: z.string(),
  titles: int,
});

export const collection = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  count: int,
  covers: z.array(int).describe('Первые три фильма или сериала подборки: обложка из их постеров'),
});

/** A page banner: headline, text and the title it leads to. */
export const banner = z.object({ id: int, headline: z.string(), text: z.string(), content: card });

export const resolved = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('content'),
    path: z.string(),
    content: z.object({ id: int, type: z.string(), name: z.string(), url: z.string() }),
  }),
  z.object({ kind: z.literal('collection'), path: z.string(), slug: z.string() }),
  z.object({ kind: z.literal('section'), path: z.string(), section: z.string() }),
]);

export const mediascope = z.object({
  contentId: int,
  idlc: z.string(),
  catalogue: z.string(),
  type: z.enum(['serial', 'promo', 'film']),
  title: z.string(),
  ageRating: z.string(),
  durationSeconds: int,
});

export const availability = z.object({ available: z.boolean() });

/** Search results, and the words searched instead when those typed found nothing. */
export const searchResults = pagedOf(card).extend({
  corrected_query: z
    .string()
    .nullable()
    .describe('Запрос, по которому показаны результаты, если по введённому ничего не нашлось'),
});
export const productContent = pagedOf(card).extend({ product: z.looseObject({ id: int }) });
export const collectionContent = z.looseObject({
  ...pagedOf(card).shape,
  id: int,
  slug: z.string(),
  name: z.string(),
});

export type TitleAssets = z.infer<typeof assets>;
export type TitleCard = z.infer<typeof card>;
export type PersonalCard = z.infer<typeof personalCard>;
export type EpisodeItem = z.infer<typeof episodeItem>;
export type BlogItem = z.infer<typeof blogItem>;
export type ShelfDto = z.infer<typeof shelf>;
export type ShowcaseDto = z.infer<typeof showcase>;
export type BannerDto = z.infer<typeof banner>;
