import { z } from 'zod';
import '../../lib/zod-messages.ts';

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

export type ProgressInput = z.infer<typeof progressBody>;
export type PreferencesInput = z.infer<typeof preferencesBody>;
