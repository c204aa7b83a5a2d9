import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { requireLiveSession } from '../domains/auth/index.ts';
import {
  addToFavourites,
  clearHistoryOf,
  continueWatching,
  favouriteStatus,
  favourites,
  forgetHistory,
  hideFromContinue,
  history,
  type Member,
  removeFromFavourites,
  mySchemas as s,
  unvote,
  vote,
  voteStatus,
} from '../domains/my/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { sessionOf } from '../lib/session-token.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { bodyLimit } from '../middleware/body-limit.ts';
import { FAVOURITES_BATCH_LIMIT } from '../shared/constants.ts';
import * as shape from './answers.ts';
import { apiDoc, INVALID, REFUSED } from './api-doc.ts';

/**
 * The viewer's lists (docs/product.md, «What we keep» and «How the site talks to the API»):
 * viewing history under /cms/content_experience/history/, /continue-watching, /favourites/ and
 * votes under /likes/. Every route needs a live session and works on its profile; answers are
 * this profile's alone, so nothing may be stored by a cache.
 */

/** The profile of a live session and the viewer the access rules filter its lists for. */
async function member(c: Context<AppEnv>): Promise<Member> {
  const live = await requireLiveSession(c.var.edge);
  return { profileId: live.userId, viewer: requestViewer(c) };
}

const personal = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

// The bodies here are one small JSON object: anything bigger is refused before it is read.
const smallBody = bodyLimit(1024);

const NOT_FOUND = 'Неизвестный или ещё не вышедший контент (not_found)';
const tag = 'my';

/** `/cms/content_experience/history/`: the viewing history. */
export const historyRoutes = new Hono<AppEnv>()
  .use(personal)

  .get(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary: 'История просмотра профиля, новые сверху, по страницам',
      answers: { 200: shape.paged(s.historyItem) },
    }),
  )
  .get('/', validate('query', s.listQuery), async (c) => {
    const m = await member(c);
    return c.json(await history(m, c.req.valid('query'), new URL(c.req.url)));
  })

  .delete(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Убрать из истории одну запись (id из списка), серию (episodeId) или фильм (contentId; у сериала — все серии)',
      answers: { 204: { description: 'Убрано (или его и не было)' } },
      errors: { 422: INVALID },
    }),
  )
  .delete('/', validate('query', s.targetQuery), async (c) => {
    await forgetHistory(await member(c), c.req.valid('query'));
    return c.body(null, 204);
  })

  .delete(
    '/clear',
    apiDoc({
      tag,
      auth: true,
      summary: 'Очистить историю профиля',
      answers: { 204: { description: 'История пуста' } },
    }),
  )
  .delete('/clear', async (c) => {
    await clearHistoryOf(await member(c));
    return c.body(null, 204);
  });

/** `/continue-watching`: one item per title to pick up, most recent first. */
export const continueRoutes = new Hono<AppEnv>()
  .use(personal)

  .get(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Продолжить просмотр: по одной позиции на тайтл — последняя недосмотренная или следующая серия',
      answers: { 200: shape.results(s.continueItem) },
    }),
  )
  .get('/', validate('query', s.continueQuery), async (c) => {
    // docs/product.md, «How the site talks to the API»: the token may come as a query parameter.
    const { token } = c.req.valid('query');
    if (token && !c.var.edge.session.signedIn) {
      const session = await sessionOf(token, config().jwtSecret);
      if (session.signedIn) c.set('edge', { ...c.var.edge, session });
    }
    return c.json({ results: await continueWatching(await member(c)) });
  })

  .delete(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary: 'Убрать фильм (contentId) из «Продолжить просмотр»; из истории он не пропадает',
      answers: { 204: { description: 'Убрано' } },
      errors: { 422: INVALID },
    }),
  )
  .delete('/', validate('query', s.contentQuery), async (c) => {
    await hideFromContinue(await member(c), { contentId: c.req.valid('query').contentId });
    return c.body(null, 204);
  })

  .delete(
    '/:episodeId',
    apiDoc({
      tag,
      auth: true,
      summary: 'Убрать сериал этой серии из «Продолжить просмотр»; из истории он не пропадает',
      answers: { 204: { description: 'Убрано' } },
      errors: { 422: INVALID },
    }),
  )
  .delete('/:episodeId', validate('param', s.episodeParam), async (c) => {
    await hideFromContinue(await member(c), { episodeId: c.req.valid('param').episodeId });
    return c.body(null, 204);
  });

/** `/favourites/`: the profile's favourites. */
export const favouriteRoutes = new Hono<AppEnv>()
  .use(personal)

  .get(
    '/',
    apiDoc({
      tag,
      auth: true,
      summary: 'Избранное профиля, последние добавленные сверху, по страницам',
      answers: { 200: shape.paged(s.favouriteItem) },
    }),
  )
  .get('/', validate('query', s.listQuery), async (c) => {
    const m = await member(c);
    return c.json(await favourites(m, c.req.valid('query'), new URL(c.req.url)));
  })

  .delete(
    '/batch',
    apiDoc({
      tag,
      auth: true,
      summary: `Убрать из избранного несколько тайтлов (id через запятую, до ${FAVOURITES_BATCH_LIMIT}); при неверном списке не убирается ничего`,
      answers: { 204: { description: 'Убрано (чего не было — пропущено)' } },
      errors: { 422: INVALID },
    }),
  )
  .delete('/batch', validate('query', s.batchQuery), async (c) => {
    await removeFromFavourites(await member(c), c.req.valid('query').id);
    return c.body(null, 204);
  })

  .get(
    '/:id',
    apiDoc({
      tag,
      auth: true,
      summary: 'В избранном ли тайтл',
      answers: { 200: s.favouriteStatus },
      errors: { 403: REFUSED, 404: NOT_FOUND, 422: INVALID },
    }),
  )
  .get('/:id', validate('param', s.contentParam), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ id, status: await favouriteStatus(await member(c), id) });
  })

  .post(
    '/:id',
    apiDoc({
      tag,
      auth: true,
      summary: 'Добавить тайтл в избранное (повторное добавление ничего не меняет)',
      answers: { 204: { description: 'В избранном' } },
      errors: { 403: REFUSED, 404: NOT_FOUND, 422: INVALID },
    }),
  )
  .post('/:id', validate('param', s.contentParam), async (c) => {
    await addToFavourites(await member(c), c.req.valid('param').id);
    return c.body(null, 204);
  });

/** `/likes/{id}`: the profile's vote on a title (docs/product.md, «Numbers»: the likes path). */
export const voteRoutes = new Hono<AppEnv>()
  .use(personal)

  .get(
    '/:id',
    apiDoc({
      tag,
      auth: true,
      summary: 'Оценка тайтла профилем',
      answers: { 200: s.voteStatus },
      errors: { 403: REFUSED, 404: NOT_FOUND, 422: INVALID },
    }),
  )
  .get('/:id', validate('param', s.contentParam), async (c) => {
    const { id } = c.req.valid('param');
    return c.json({ id, status: await voteStatus(await member(c), id) });
  })

  .put(
    '/:id',
    apiDoc({
      tag,
      auth: true,
      summary: 'Поставить оценку: 1 нравится, −1 не нравится',
      answers: { 204: { description: 'Оценка сохранена' } },
      errors: { 403: REFUSED, 404: NOT_FOUND, 422: INVALID },
    }),
  )
  .put(
    '/:id',
    smallBody,
    validate('param', s.contentParam),
    validate('json', s.voteBody),
    async (c) => {
      await vote(await member(c), c.req.valid('param').id, c.req.valid('json').value);
      return c.body(null, 204);
    },
  )

  .delete(
    '/:id',
    apiDoc({
      tag,
      auth: true,
      summary: 'Снять оценку',
      answers: { 204: { description: 'Без оценки' } },
      errors: { 422: INVALID },
    }),
  )
  .delete('/:id', validate('param', s.contentParam), async (c) => {
    await unvote(await member(c), c.req.valid('param').id);
    return c.body(null, 204);
  });
