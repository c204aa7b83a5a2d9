import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';
import { apiDoc } from './api-doc.ts';

const id = z.string().max(64);
const text = z.string().max(2000);

/** The view event the player sends when playback starts (src/components/player/view-event.ts). */
export const viewEventSchema = z.object({
  viewId: z.string().min(8).max(64),
  accountId: id,
  profileId: id,
  billingId: id,
  isKid: z.boolean(),
  device: z.object({
    deviceId: id,
    type: z.string().max(16),
    vendor: z.string().max(64),
    model: z.string().max(64),
    os: z.string().max(64),
    osVersion: z.string().max(64),
    browserType: z.string().max(64),
    browserVersion: z.string().max(64),
  }),
  platform: z.string().max(16),
  url: z.object({ host: z.string().max(255), path: text, query: text }),
  utm: z.object({ source: text, medium: text, campaign: text, content: text }),
  referer: text,
  action: z.literal('view'),
  meta: z.object({
    contentId: z.number().int().nonnegative(),
    episodeId: z.number().int().nonnegative(),
    contentType: z.string().max(16),
    live: z.boolean(),
    channel: z.string().max(64).optional(),
    position: z.number().nonnegative(),
  }),
});

/** `payload` is the event as URL-encoded JSON: what cannot be read as JSON is a wrong field too. */
const eventQuery = z.object({
  payload: z
    .string()
    .max(8000)
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'Событие должно быть JSON' });
        return z.NEVER;
      }
    })
    .pipe(viewEventSchema),
});

/**
 * `GET /v2/event` (docs/product.md, «How the site talks to the API», analytics): the stat host of
 * this Worker when STAT_URL is empty. It checks the event and answers 204; storing events and
 * the reports on them come later, so for now a valid event is accepted and dropped.
 */
export const statRoutes = new Hono<AppEnv>().get(
  '/',
  apiDoc({
    tag: 'stat',
    summary: 'Событие просмотра (проверяется; хранение и отчёты — позже)',
    answers: { 204: { description: 'Принято' } },
  }),
  validate('query', eventQuery),
  (c) => {
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  },
);
