import { z } from 'zod';
import { pageQuery } from '../../lib/pagination.ts';
import { FAVOURITES_BATCH_LIMIT } from '../../shared/constants.ts';
import { catalogueSchemas } from '../catalogue/index.ts';
import { myTexts } from './texts.ts';

const idOf = (error?: string) =>
  z.coerce.number({ error }).int({ error }).min(1, { error }).max(2_147_483_647, { error });
const id = idOf();
// Field names the shared label table does not know, worded here.
const episodeId = idOf(myTexts.badEpisode);
const contentId = idOf(myTexts.badContent);

/** `{id}` of `/favourites/{id}` and `/likes/{id}`: a title id. */
export const contentParam = z.object({ id });

/** `{episodeId}` of `DELETE /continue-watching/{episodeId}`. */
export const episodeParam = z.object({ episodeId });

/** Query of the paged lists (favourites, history): the catalogue's page and page size. */
export const listQuery = pageQuery;

/**
 * `?id=1,2,3` of `DELETE /favourites/batch/`: distinct title ids, at least one; anything else is
 * refused as a whole (422), so a bad list removes nothing.
 */
export const batchQuery = z.object({
  id: z
    .string({ error: myTexts.badIds })
    .regex(/^\d{1,10}(,\d{1,10})*$/, { error: myTexts.badIds })
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .refine((ids) => ids.every((n) => n >= 1 && n <= 2_147_483_647), { error: myTexts.badIds })
    .refine((ids) => ids.length <= FAVOURITES_BATCH_LIMIT, { error: myTexts.tooManyIds }),
});

/**
 * A history row's id (`id` of a history item): a UUID, or the seed's 32 hex digits.
 * @example historyRowId.parse('9b2f6c1e-4d3a-4c5b-8e7f-0a1b2c3d4e5f')
 */
const historyRowId = z
  .string({ error: myTexts.badRowId })
  .regex(/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i, {
    error: myTexts.badRowId,
  });

/**
 * Exactly one of `?id=` (one row of the history, whatever became of its episode), `?episodeId=`
 * (an episode) or `?contentId=` (a film, or every episode of a series).
 */
export const targetQuery = z
  .object({
    id: historyRowId.optional().describe('Одна запись: id элемента истории'),
    episodeId: episodeId.optional().describe('Серия'),
    contentId: contentId.optional().describe('Фильм; у сериала — все его серии'),
  })
  .refine((q) => [q.id, q.episodeId, q.contentId].filter((v) => v !== undefined).length === 1, {
    error: myTexts.oneTarget,
    path: ['id'],
  });

/** `?contentId=` of `DELETE /continue-watching/` (a film's row). */
export const contentQuery = z.object({ contentId });

/** `?token=` of `GET /continue-watching` (docs/product.md, «How the site talks to the API»). */
export const continueQuery = z.object({ token: z.string().max(4096).optional() });

/** Body of `PUT /likes/{id}`: like (1) or dislike (-1). */
export const voteBody = z.object({
  value: z.union([z.literal(1), z.literal(-1)], { error: myTexts.badVote }),
});

const int = z.number().int();

const { card } = catalogueSchemas;

/** An episode as the lists show it. */
export const episodeRef = z.object({ id: int, season: int, number: int, name: z.string() });

/** A history item: one watched episode, or a film played whole (`episode` null). */
export const historyItem = z.object({
  id: z.string().describe('uuid записи истории'),
  date: z.string().describe('Когда смотрели, ISO 8601'),
  episode: episodeRef.nullable(),
  content: card,
  position: z.number().describe('Секунды'),
  duration: z.number().describe('Секунды'),
  completed: z.boolean(),
  url: z.string().describe('Страница просмотра с этой серией'),
});

/**
 * A continue-watching item: where to pick the title up (its last unfinished or its next episode);
 * `episodeId` 0 is a film.
 */
export const continueItem = z.object({
  episodeId: int.describe('0 — фильм'),
  episode: episodeRef.nullable(),
  content: card,
  position: z.number(),
  duration: z.number(),
  date: z.string(),
  url: z.string(),
});

/** A favourite: the title's card and when it was added. */
export const favouriteItem = card.extend({ addedAt: z.string() });

export const favouriteStatus = z.object({
  id: int,
  status: z.boolean().describe('В избранном'),
});

export const voteStatus = z.object({
  id: int,
  status: z
    .union([z.literal(1), z.literal(-1), z.literal(0)])
    .describe('1 нравится, −1 нет, 0 без оценки'),
});

export type EpisodeRef = z.infer<typeof episodeRef>;
export type HistoryItem = z.infer<typeof historyItem>;
export type ContinueItem = z.infer<typeof continueItem>;
export type FavouriteItem = z.infer<typeof favouriteItem>;
