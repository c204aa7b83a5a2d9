import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { authTexts, requireLiveSession } from '../domains/auth/index.ts';
import {
  endStream,
  listStreams,
  type PlaybackClient,
  recordProgress,
  playbackSchemas as s,
  streamHeartbeat,
  updatePreferences,
  watchChannel,
  watchEpisode,
  watchTitle,
} from '../domains/playback/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { deviceLabel } from '../lib/device.ts';
import { ApiError, envelope, errorResponse } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { bodyLimit } from '../middleware/body-limit.ts';
import { texts } from '../shared/texts.ts';
import { apiDoc, INVALID } from './api-doc.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The browser asking: its device session and device, named in Russian from its user agent (the
 * simultaneous-playback popup lists the other devices by this name).
 */
function clientOf(c: Context<AppEnv>): PlaybackClient {
  const facts = c.var.edge.client.device;
  return {
    sessionId: c.var.edge.session.sessionId,
    deviceId: facts.deviceId,
    deviceName: deviceLabel(c.var.edge.device) ?? '',
    deviceType: facts.type,
  };
}

/**
 * A signed-in viewer's calls need its session still open: an access token outlives a session
 * ended on another device by up to its 15 minutes (401 session_ended). The same read makes the
 * request the session's current profile, whatever profile the token names. Guests pass (free
 * items).
 */
async function liveOrGuest(c: Context<AppEnv>): Promise<void> {
  if (c.var.edge.session.signedIn) await requireLiveSession(c.var.edge);
}

const PLAY_ERRORS = {
  401: 'Сеанс этого устройства завершён (session_ended): войти снова',
  403: 'Не для этого зрителя: region_restricted, kid_profile, age_restricted, pin_required, sign_in_required, not_entitled',
  404: 'Нет такого контента',
  409: 'Уже идут два просмотра на других устройствах (too_many_streams, details.streams)',
  503: 'Видео временно недоступно (media_unavailable), ещё готовится после запуска (media_pending, Retry-After) или не настроена подпись ссылок',
} as const;
const WATCH = { tag: 'playback' } as const;

/** Progress comes from navigator.sendBeacon too, whose Blob may be text/plain: JSON either way. */
async function progressInput(c: Context<AppEnv>) {
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return { error: c.json(envelope(texts.unreadableBody, 'invalid_json'), 400) };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { error: c.json(envelope(texts.unreadableBody, 'malformed_body'), 400) };
  const parsed = s.progressBody.safeParse(raw);
  if (parsed.success) return { data: parsed.data };
  const fields = parsed.error.issues.map((i) => ({
    field: i.path.map(String).join('.'),
    message: i.message,
  }));
  return {
    error: c.json(
      envelope(fields[0]!.message, 'invalid_field', { field: fields[0]!.field, fields }),
      422,
    ),
  };
}

/**
 * Watching under /cms/content_experience/ (docs/product.md, «Who may see what»): the watch calls
 * answer a signed manifest and a stream slot, or why not; progress, preferences and streams are
 * the signed-in viewer's. Nothing here is cached anywhere: every answer is this viewer's.
 */
const privateAnswers = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'private, no-store');
});
const smallBody = bodyLimit(4 * 1024);
// Only these paths: the lists' routes share the /cms/content_experience/ prefix.
const PATHS = [
  '/watch_episode/*',
  '/watches/*',
  '/streams',
  '/streams/*',
  '/progress',
  '/preferences',
];

export const watchRoutes = new Hono<AppEnv>();
for (const path of PATHS) watchRoutes.use(path, privateAnswers, smallBody);
watchRoutes
  .onError(errorResponse)
  .get(
    '/watch_episode/:episodeId',
    apiDoc({
      ...WATCH,
      summary: 'Смотреть серию',
      answers: { 200: s.watchAnswer },
      errors: PLAY_ERRORS,
    }),
  )
  .get('/watch_episode/:episodeId', validate('param', s.episodeParam), async (c) => {
    await liveOrGuest(c);
    return c.json(
      await watchEpisode(
        requestViewer(c),
        clientOf(c),
        c.req.valid('param').episodeId,
        nowSeconds(),
      ),
    );
  })
  .get(
    '/watches/channels/:idOrSlug',
    apiDoc({
      ...WATCH,
      summary: 'Смотреть телеканал (прямой эфир)',
      answers: { 200: s.watchAnswer },
      errors: PLAY_ERRORS,
    }),
  )
  .get('/watches/channels/:idOrSlug', validate('param', s.channelParam), async (c) => {
    await liveOrGuest(c);
    return c.json(
      await watchChannel(
        requestViewer(c),
        clientOf(c),
        c.req.valid('param').idOrSlug,
        nowSeconds(),
      ),
    );
  })
  .get(
    '/watches/:contentId',
    apiDoc({
      ...WATCH,
      summary:
        'Смотреть фильм, детский фильм или трейлер; у сериала — серию, на которой остановились',
      answers: { 200: s.watchAnswer },
      errors: PLAY_ERRORS,
    }),
  )
  .get('/watches/:contentId', validate('param', s.contentParam), async (c) => {
    await liveOrGuest(c);
    return c.json(
      await watchTitle(requestViewer(c), clientOf(c), c.req.valid('param').contentId, nowSeconds()),
    );
  })
  .get(
    '/streams',
    apiDoc({
      ...WATCH,
      auth: true,
      summary: 'Просмотры аккаунта, идущие сейчас',
      answers: { 200: s.streams },
    }),
  )
  .get('/streams', async (c) => {
    await requireLiveSession(c.var.edge);
    return c.json({ results: await listStreams(requestViewer(c), clientOf(c), nowSeconds()) });
  })
  .delete(
    '/streams/:streamId',
    apiDoc({
      ...WATCH,
      auth: true,
      summary: 'Остановить просмотр на другом устройстве',
      answers: {
        204: { description: 'Остановлен: его следующий heartbeat получит 409 stream_stopped' },
      },
      errors: { 404: 'Нет такого просмотра у аккаунта (stream_not_found)' },
    }),
  )
  .delete('/streams/:streamId', validate('param', s.streamParam), async (c) => {
    await requireLiveSession(c.var.edge);
    await endStream(requestViewer(c), c.req.valid('param').streamId, nowSeconds());
    return c.body(null, 204);
  })
  .post(
    '/streams/:streamId/heartbeat',
    apiDoc({
      ...WATCH,
      auth: true,
      summary: 'Просмотр продолжается (каждые 30 секунд)',
      answers: { 204: { description: 'Слот сохранён' } },
      errors: {
        409: 'Просмотр остановлен с другого устройства, заменён новым, неизвестен или не этого устройства (stream_stopped); или он прервался, а слоты заняты (too_many_streams, details.streams)',
      },
    }),
  )
  // No D1 here: the access token names the session, and the account's object knows whether it
  // still lives (docs/decisions.md, «Progress lives in the account's Durable Object»).
  .post('/streams/:streamId/heartbeat', validate('param', s.streamParam), async (c) => {
    if (!c.var.edge.session.signedIn)
      throw new ApiError(401, authTexts.unauthorized, 'unauthorized');
    const ended = await streamHeartbeat(
      requestViewer(c),
      clientOf(c),
      c.req.valid('param').streamId,
      nowSeconds(),
    );
    if (ended) throw new ApiError(401, authTexts.sessionEnded, 'session_ended');
    return c.body(null, 204);
  })
  .post(
    '/progress',
    apiDoc({
      ...WATCH,
      auth: true,
      summary: 'Позиция просмотра (JSON; также text/plain от navigator.sendBeacon)',
      body: s.progressBody,
      answers: { 204: { description: 'Сохранено; на 95 % или после титров — просмотрено' } },
      errors: {
        403: PLAY_ERRORS[403],
        404: 'Нет такого контента или он ещё не вышел (content_not_found, episode_not_found)',
        422: INVALID,
      },
    }),
  )
  .post('/progress', async (c) => {
    await requireLiveSession(c.var.edge);
    const input = await progressInput(c);
    if (input.error) return input.error;
    await recordProgress(requestViewer(c), clientOf(c), input.data, nowSeconds());
    return c.body(null, 204);
  })
  .put(
    '/preferences',
    apiDoc({
      ...WATCH,
      auth: true,
      summary: 'Язык звука и субтитры профиля',
      answers: { 204: { description: 'Сохранено' } },
      errors: { 422: INVALID },
    }),
  )
  .put('/preferences', validate('json', s.preferencesBody), async (c) => {
    await requireLiveSession(c.var.edge);
    await updatePreferences(requestViewer(c), c.req.valid('json'), nowSeconds());
    return c.body(null, 204);
  });
