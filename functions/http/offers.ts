import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { setCookie } from 'hono/cookie';
import { assertMayPay } from '../access/index.ts';
import { requireLiveSession } from '../domains/auth/index.ts';
import {
  answerEvent,
  answerPoll,
  freeDaysOffer,
  offerSchemas,
  offersTexts,
  pollBySlug,
  takeFreeDays,
} from '../domains/offers/index.ts';
import { promoSchemas, redeemPromoCode } from '../domains/promo/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { ApiError } from '../lib/errors.ts';
import { validate } from '../lib/validate.ts';
import { isHttps, publicCookie } from '../shared/cookies.ts';
import { EM_EXPERIMENT_COOKIE } from '../shared/event-manager.ts';
import { SECONDS } from '../shared/ru.ts';
import { apiDoc, INVALID, LIMITED } from './api-doc.ts';

const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

/**
 * Vouchers and promo codes under /billing/vouchers (docs/product.md, «Money»): the same service
 * as the /activate page. A refusal is the error envelope with the popup's fields in `details`
 * (title, description, buttonText, success: false).
 */
export const voucherRoutes = new Hono<AppEnv>()
  .use(noStore)
  .post(
    '/apply',
    apiDoc({
      tag: 'promo',
      auth: true,
      summary:
        'Активировать промокод или ваучер: дни подписки начисляются сразу (один раз на аккаунт, не больше max_uses раз всего), скидка ведёт к оплате с promo=<код>',
      answers: { 200: promoSchemas.promoResult },
      errors: {
        404: 'Промокода нет (promo_not_found)',
        409: 'promo_expired, promo_not_started, promo_used_up, promo_already_redeemed, promo_unsupported',
        422: 'Не похоже на промокод',
        429: LIMITED,
      },
    }),
  )
  .post('/apply', validate('json', promoSchemas.voucherBody), async (c) => {
    const live = await requireLiveSession(c.var.edge);
    return c.json(
      await redeemPromoCode(
        { account: String(live.accountId), ip: c.var.edge.geo.ip, isKid: live.isKid },
        c.req.valid('json').code,
      ),
    );
  });

/** The account of a signed-in request (its token was checked at the edge), else null. */
const accountOf = (c: Context<AppEnv>) => {
  const { session } = c.var.edge;
  return session.signedIn && session.accountId ? Number(session.accountId) : null;
};
const respondentOf = (c: Context<AppEnv>) => ({
  accountId: accountOf(c),
  deviceId: c.var.edge.deviceId,
});

/**
 * Polls under /cms/polls (the spec's "unsubscribe poll" is `/cms/polls/unsubscribe/`): the poll
 * and one response per account, or per device for a guest.
 */
export const pollRoutes = new Hono<AppEnv>()
  .use(noStore)
  .get(
    '/:slug',
    apiDoc({
      tag: 'polls',
      summary: 'Опрос: почему не оформляете подписку, почему отключили продление (unsubscribe)',
      answers: { 200: offerSchemas.pollState },
      errors: { 404: 'Опроса нет (poll_not_found)' },
    }),
  )
  .get('/:slug', validate('param', offerSchemas.pollParam), async (c) => {
    const found = await pollBySlug(c.req.valid('param').slug, respondentOf(c));
    if (!found) throw new ApiError(404, offersTexts.poll.notFound, 'poll_not_found');
    return c.json({ ...found.poll, answered: found.answered });
  })
  .post(
    '/:slug/answers',
    apiDoc({
      tag: 'polls',
      summary:
        'Ответить на опрос: по варианту на каждый вопрос и комментарий, где он есть; один раз',
      answers: {
        201: offerSchemas.pollAnswered,
      },
      errors: {
        404: 'Опроса нет (poll_not_found)',
        409: 'Уже ответили (poll_already_answered)',
        422: INVALID,
      },
    }),
  )
  .post(
    '/:slug/answers',
    validate('param', offerSchemas.pollParam),
    validate('json', offerSchemas.pollBody),
    async (c) => {
      const poll = await answerPoll(
        respondentOf(c),
        c.req.valid('param').slug,
        c.req.valid('json').answers,
      );
      return c.json(
        { status: 'answered', thanksText: poll.thanksText, submitEvent: poll.submitEvent },
        201,
      );
    },
  );

/**
 * The event manager, version 8, under /api/event-manager/v8 (README, «Event manager»): a user
 * event in, the rules' events out; the visitor's experiment variants also go to the readable
 * `em_experiment` cookie, which the payment pages read.
 */
export const eventManagerRoutes = new Hono<AppEnv>()
  .use(noStore)
  .post(
    '/events',
    apiDoc({
      tag: 'event-manager',
      summary:
        'Событие пользователя (eventType и другие поля): ответ — события по правилам из D1, первое задаёт действие клиента',
      answers: { 200: offerSchemas.emAnswer },
      errors: { 422: 'Неизвестное событие' },
    }),
  )
  .post('/events', validate('json', offerSchemas.emBody), async (c) => {
    const { eventType, ...fields } = c.req.valid('json');
    const answer = await answerEvent(
      { accountId: accountOf(c), deviceId: c.var.edge.deviceId },
      eventType,
      fields,
    );
    if (answer.experiment)
      setCookie(
        c,
        EM_EXPERIMENT_COOKIE,
        answer.experiment,
        publicCookie(30 * SECONDS.day, isHttps(c.req.raw)),
      );
    return c.json(answer);
  });

/**
 * The free-days offer under /billing/free-days (the /free-access page's service): once per
 * account that never had a subscription.
 */
export const freeDaysRoutes = new Hono<AppEnv>()
  .use(noStore)
  .get(
    '/',
    apiDoc({
      tag: 'promo',
      summary: 'Бесплатные дни: предложение и можно ли его взять',
      answers: { 200: offerSchemas.freeDays },
      errors: { 404: 'Предложения нет (offer_not_found)' },
    }),
  )
  .get('/', async (c) => {
    const found = await freeDaysOffer(accountOf(c));
    if (!found) throw new ApiError(404, offersTexts.freeDays.unavailable, 'offer_not_found');
    return c.json(found);
  })
  .post(
    '/',
    apiDoc({
      tag: 'promo',
      auth: true,
      summary: 'Взять бесплатные дни (один раз, если подписки ещё не было)',
      answers: { 200: offerSchemas.freeDays },
      errors: {
        404: 'Предложения нет (offer_not_found)',
        409: 'free_days_taken — уже взяты; free_days_ineligible — подписка уже была',
      },
    }),
  )
  .post('/', async (c) => {
    const live = await requireLiveSession(c.var.edge);
    assertMayPay(live);
    const offer = await takeFreeDays(live.accountId);
    return c.json({ offer, status: 'taken' as const });
  });
