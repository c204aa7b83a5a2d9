import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { TITLE_TYPES } from '../../shared/catalogue.ts';

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);

export const episodeParam = z.object({ episodeId: id });
export const contentParam = z.object({ contentId: id });
export const channelParam = z.object({ idOrSlug: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export const streamParam = z.object({ streamId: z.uuid() });

/** A progress report of the player (every 10 s, on pause, on leaving: a beacon). */
export const progressBody = z
  .object({
    contentId: z
      .number()
      .int()
      .positive()
      .max(2 ** 31),
    episodeId: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31)
      .default(0),
    position: z.number().min(0).max(86_400),
    duration: z.number().positive().max(86_400),
  })
  // A player may report a moment past the end by a frame or two; more than that is not progress.
  .refine((p) => p.position <= p.duration + 2, {
    path: ['position'],
    message: 'Позиция просмотра больше длительности',
  });

const language = z.string().regex(/^[a-z]{2,8}$/);
export const preferencesBody = z.object({
  audio: language,
  subtitles: z.union([z.literal('off'), language]),
});

const iso = z.string().describe('Дата и время, ISO 8601');
/** A stream of the account's concurrent-stream limit, as `/streams` lists it. */
export const stream = z.object({
  id: z.string(),
  deviceName: z.string(),
  deviceType: z.string(),
  title: z.string(),
  startedAt: iso,
  lastSeenAt: iso,
});
/** The answer of a film or an episode (a channel adds its live fields to it: watchAnswer). */
export const vodAnswer = z.object({
  content: z.object({
    id: z.number().int(),
    type: z.enum([...TITLE_TYPES, 'channel']),
    name: z.string(),
    slug: z.string(),
    ageRating: z.string(),
  }),
  episode: z
    .object({
      id: z.number().int(),
      season: z.number().int(),
      number: z.number().int(),
      name: z.string(),
    })
    .nullable(),
  live: z.boolean(),
  manifest: z
    .string()
    .describe('Подписанный адрес HLS-плейлиста (действует до expiresAt, не дольше часа)'),
  expiresAt: iso,
  duration: z.number(),
  position: z.number().describe('С какой секунды продолжить; 0 — с начала'),
  markers: z
    .object({
      intro: z.object({ start: z.number(), end: z.number() }).nullable(),
      credits: z.number().nullable(),
    })
    .nullable(),
  thumbnails: z.string().nullable(),
  poster: z.string().nullable(),
  subtitles: z.array(z.object({ lang: z.string(), label: z.string(), src: z.string() })),
  next: z
    .object({
      episodeId: z.number().int(),
      season: z.number().int(),
      number: z.number().int(),
      name: z.string(),
      url: z.string(),
    })
    .nullable(),
  stream: z
    .object({ id: z.string(), heartbeatSeconds: z.number().int() })
    .nullable()
    .describe('Слот лимита одновременных просмотров; null для гостя'),
  preferences: z.object({ audio: z.string(), subtitles: z.string() }),
});

/** What a watch call answers: a film's or an episode's, or a channel's with its live fields. */
export const watchAnswer = vodAnswer.extend({
  dvrSeconds: z.number().int().optional(),
  channel: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).optional(),
  programme: z.object({ name: z.string(), startsAt: iso, endsAt: iso }).nullable().optional(),
});

export const streams = z.object({ results: z.array(stream.extend({ current: z.boolean() })) });

export type VodAnswer = z.infer<typeof vodAnswer>;

export type ProgressInput = z.infer<typeof progressBody>;
export type PreferencesInput = z.infer<typeof preferencesBody>;
