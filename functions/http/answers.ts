/**
 * The shapes of the API's successful answers, for the OpenAPI document (describe.ts). Objects that
 * carry catalogue rows are loose: the document names the fields clients rely on.
 */
import { type ZodType, z } from 'zod';

const int = z.number().int();
const nullable = <T extends ZodType>(t: T) => t.nullable();

/** A title as a card in lists, shelves and search results. */
export const card = z.object({
  id: int,
  slug: z.string(),
  type: z.enum(['movie', 'series', 'kids', 'trailer']),
  name: z.string(),
  originalName: z.string(),
  year: int,
  ageRating: z.string().describe('«16+»'),
  partner: z.string(),
  rating: z.number().nullable(),
  genres: z.array(z.string()).describe('До двух жанров'),
  assets: z.object({
    poster: z.string(),
    background: z.string(),
    posterSrcset: z.string().describe('Постер в нескольких ширинах, для srcset'),
    backgroundSrcset: z.string().describe('Фон в нескольких ширинах, для srcset'),
  }),
  url: z.string(),
});

/** The spec's list shape (docs/product.md, «How the site talks to the API»): count, next, previous (absolute URLs), results. */
export const paged = <T extends ZodType>(item: T) =>
  z.object({
    count: int,
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

export const results = <T extends ZodType>(item: T) => z.object({ results: z.array(item) });

export const status = <S extends string>(value: S) => z.object({ status: z.literal(value) });

/** The answer of every sign-in: the access token (15 minutes) and the session cookies beside it. */
export const signedIn = z.object({
  token: z.string().describe('Токен доступа (JWT, 15 минут); cookies сеанса ставятся рядом'),
  accountId: int,
  userId: int,
  billingId: z.string(),
  isKid: z.boolean(),
});

export const phoneSignedIn = signedIn.extend({
  isNewAccount: z.boolean().optional().describe('Вход по коду создал аккаунт'),
});

export const codeSent = z
  .object({ status: z.literal('code_sent') })
  .describe('Одинаково для известных и неизвестных адресов');

export const socials = z.object({
  fb: z.boolean(),
  vk: z.boolean(),
  ok: z.boolean(),
  ya: z.boolean(),
  gp: z.boolean(),
});

export const profile = z.object({
  id: int,
  name: z.string(),
  isKid: z.boolean(),
  avatar: z.object({ id: int, url: z.string() }),
  ageLimit: nullable(int),
});

export const parentalStatus = z.object({
  status: z.enum(['Undefined', 'Enabled', 'Disabled']),
  ageLimit: z.union([z.literal(12), z.literal(16), z.literal(18)]),
  pinEntered: z.boolean(),
});

export const parentalCodeSent = z.object({
  status: z.literal('code_sent'),
  channel: z.enum(['email', 'sms']),
  to: z.string().describe('Адрес или номер, скрытый наполовину'),
});

const shelf = z.looseObject({
  id: int,
  name: z.string(),
  kind: z.enum(['cw', 'nw', 'blog', 'episodes', 'editors', 'partner']),
  wide: z.boolean(),
  partner: z.string().nullable(),
  collection: int.nullable(),
  collectionSlug: z.string().nullable(),
  items: z.array(z.looseObject({})).describe('Карточки, эпизоды или записи блога — по kind'),
});

export const showcase = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  shelves: z.array(shelf),
});

export const episodePremiere = z.object({
  episodeId: int,
  number: int,
  name: z.string(),
  seasonNumber: int,
  releasedAt: int,
  upcoming: z.boolean(),
  content: card,
  url: z.string(),
});

export const seasonPremiere = z.object({
  seasonId: int,
  number: int,
  name: z.string().nullable(),
  releasedAt: int,
  upcoming: z.boolean(),
  content: card,
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
      assets: card.shape.assets,
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
    }),
  ),
});

const programme = z.object({
  id: int,
  startsAt: int,
  endsAt: int,
  name: z.string(),
  description: z.string(),
  genre: z.string(),
  ageRating: z.string(),
});

const channel = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  ageRating: z.string(),
  logo: z.string(),
});

export const channels = z.object({
  timezone: z.string(),
  count: int,
  results: z.array(channel.extend({ now: programme.nullable(), next: programme.nullable() })),
});

export const channelDay = channel.extend({
  timezone: z.string(),
  date: z.string().describe('YYYY-MM-DD'),
  from: int,
  to: int,
  programmes: z.array(programme),
});

export const svg = { description: 'SVG', schema: z.string(), type: 'image/svg+xml' };
export const image = {
  description: 'WebP (растровые картинки) или SVG (рисованные)',
  schema: z.string(),
  type: 'image/*',
};

export const valid = z.object({ valid: z.literal(true) });
export const token = z.object({ token: z.string().describe('Одноразовый токен смены пароля') });

export const contactChanged = (kind: 'email' | 'phone') =>
  z.object({
    status: z.literal(`${kind}_changed`),
    signedOut: z.literal('others'),
    endedSessions: int,
  });

export const passwordChanged = z.object({
  status: z.literal('password_changed'),
  signedOut: z.enum(['all', 'others']),
  endedSessions: int.optional(),
});

export const account = z.object({
  id: int,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  hasPassword: z.boolean(),
  billingId: z.string(),
  createdAt: int,
  socials,
});

export const sessions = z.object({
  count: int,
  results: z.array(
    z.object({
      id: z.string(),
      deviceType: z.string(),
      deviceName: z.string(),
      country: z.string(),
      createdAt: int,
      lastSeenAt: int,
      current: z.boolean(),
    }),
  ),
});

export const revoked = z.object({ status: z.literal('revoked'), endedSessions: int });

export const avatars = z.object({
  count: int,
  results: z.array(z.object({ id: int, url: z.string(), kind: z.enum(['adult', 'kid']) })),
});

export const profiles = z.object({
  count: int,
  results: z.array(profile.extend({ current: z.boolean() })),
});

export const deviceAuthorization = z.object({
  device_code: z.string(),
  user_code: z.string().describe('XXXX-XXXX'),
  verification_uri: z.string(),
  verification_uri_complete: z.string(),
  expires_in: int,
  interval: int,
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

export const banner = z.object({ id: int, headline: z.string(), text: z.string(), content: card });

export const seoText = z.object({
  path: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  noindex: z.boolean(),
  jsonLd: z.array(z.looseObject({})),
});

export const techPage = z.object({
  slug: z.string(),
  title: z.string(),
  lead: z.string().nullable(),
  sections: z.array(z.looseObject({})),
});

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

export const kidsAvailability = z.object({ available: z.boolean() });
export const switched = signedIn.extend({ profile });
export const deleted = z.object({ status: z.literal('deleted'), id: int });

export const pinEntered = z.object({
  status: z.literal('entered'),
  pinEntered: z.literal(true),
  expiresAt: int,
});
export const pinForgotten = z.object({
  status: z.literal('not_entered'),
  pinEntered: z.literal(false),
});
export const ageSetting = parentalStatus.pick({ status: true, ageLimit: true });
export const verified = z.object({ status: z.literal('verified'), expiresAt: int });

export const signInQuery = z.object({
  backPath: z.string().optional().describe('Путь на сайте, куда вернуться после входа'),
});
export const checkQuery = z.object({
  code: z.string().optional(),
  state: z.string(),
  error: z.string().optional(),
});
export const authorizeUrl = z.object({ authorizeUrl: z.string() });
export const unbound = z.object({ status: z.literal('unbound'), socials });

export const approved = z.object({ status: z.literal('approved'), message: z.string() });

export const availability = z.object({ available: z.boolean() });
/** Search results, and the words searched instead when those typed found nothing. */
export const searchResults = paged(card).extend({
  corrected_query: z
    .string()
    .nullable()
    .describe('Запрос, по которому показаны результаты, если по введённому ничего не нашлось'),
});
export const productContent = paged(card).extend({ product: z.looseObject({ id: int }) });
export const collectionContent = z.looseObject({
  ...paged(card).shape,
  id: int,
  slug: z.string(),
  name: z.string(),
});

export const flag = z.object({ name: z.string(), value: z.boolean() });
export const supportRequest = z.object({ id: int, message: z.string() });
