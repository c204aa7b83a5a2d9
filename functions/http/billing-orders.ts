import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Viewer } from '../access/index.ts';
import { requireLiveSession } from '../domains/auth/index.ts';
import {
  checkOrder,
  confirmationKind,
  fromYookassa,
  handleNotification,
  ownOrder,
  paymentOptions,
  placeOrder,
  quoteAgain,
  orderSchemas as schema,
  visitorPayments,
} from '../domains/billing/index.ts';
import { takePromoAttempt } from '../domains/promo/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { config } from '../lib/config.ts';
import { ApiError } from '../lib/errors.ts';
import { paged, pageQuery } from '../lib/pagination.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import * as shape from './answers.ts';
import { apiDoc, INVALID } from './api-doc.ts';

/**
 * Orders and payments (docs/product.md, «Money»), the acquirer's webhook among them. Everything
 * but the webhook needs a live session and answers only the viewer's own orders; answers are
 * personal, never stored by a cache.
 */

const tag = 'billing';
const personal = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

/** The viewer of a live session (a payment is never made on a token whose session ended). */
async function payer(c: Context<AppEnv>): Promise<Viewer> {
  const live = await requireLiveSession(c.var.edge);
  return { ...requestViewer(c), account: String(live.accountId) };
}

const NOT_FOUND = 'Нет такого заказа у этого зрителя (order_not_found)';
const PRICE = 'Нет такого тарифа, цены, предложения или промокода для этого зрителя';
const OWNED = 'Фильм или сериал уже куплен навсегда (title_owned)';
const GUESSES = 'Слишком много попыток ввести промокод (rate_limited)';

export const billingOrderRoutes = new Hono<AppEnv>()
  .post(
    '/checkout',
    apiDoc({
      tag,
      summary: 'Оформить заказ (placeOrder): сумма считается на сервере',
      auth: true,
      answers: { 200: schema.placedOrder },
      errors: {
        409: OWNED,
        422: `${INVALID}; ${PRICE}`,
        429: GUESSES,
        503: 'Эквайер не ответил (provider_unavailable)',
      },
    }),
  )
  .post('/checkout', personal, validate('json', schema.checkoutBody), async (c) => {
    return c.json(await placeOrder(await payer(c), c.req.valid('json')));
  })
  .get(
    '/orders/:id',
    apiDoc({
      tag,
      summary: 'Заказ зрителя; пока он ждёт оплаты, платёж перечитывается у эквайера',
      auth: true,
      answers: { 200: schema.orderAnswer },
      errors: { 404: NOT_FOUND },
    }),
  )
  .get('/orders/:id', personal, validate('param', schema.orderParam), async (c) =>
    c.json(await checkOrder(await payer(c), c.req.valid('param').id)),
  )
  .post(
    '/bankcard-payment',
    apiDoc({
      tag,
      summary: 'Оплатить заказ картой: куда отправить плательщика (страница эквайера)',
      auth: true,
      answers: { 200: schema.orderAnswer },
      errors: { 404: NOT_FOUND, 409: 'Заказ уже оплачен или отменён (not_pending)' },
    }),
  )
  .post('/bankcard-payment', personal, validate('json', schema.orderBody), async (c) => {
    const viewer = await payer(c);
    const { orderId } = c.req.valid('json');
    const own = await ownOrder(viewer, orderId);
    // Only an order paid on the acquirer's page (a card's) has one to return to.
    if (confirmationKind(own.method) !== 'redirect')
      throw new ApiError(404, 'Заказ не найден', 'order_not_found');
    const order = await checkOrder(viewer, orderId);
    if (order.status !== 'pending')
      throw new ApiError(409, 'Этот заказ уже оплачен или отменён', 'not_pending');
    return c.json(order);
  })
  .get(
    '/visitor-payments',
    apiDoc({
      tag,
      summary:
        'История платежей зрителя (та же, что на /payment-history): заказы со статусом, новые первыми',
      auth: true,
      answers: { 200: shape.paged(schema.paymentItem) },
    }),
  )
  .get('/visitor-payments', personal, validate('query', pageQuery), async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await visitorPayments(await payer(c), q);
    return c.json(paged(rows, total, new URL(c.req.url), q));
  })
  .get(
    '/options',
    apiDoc({
      tag,
      summary: 'Способы оплаты зрителя: карта, СБП и сохранённые карты',
      auth: true,
      answers: { 200: schema.optionsAnswer },
    }),
  )
  .get('/options', personal, async (c) => c.json(await paymentOptions(await payer(c))))
  .post(
    '/basket/add-product',
    apiDoc({
      tag,
      summary: 'Положить товар в корзину: цена к оплате для этого зрителя, без заказа',
      auth: true,
      answers: { 200: schema.basketAnswer },
      errors: { 409: OWNED, 422: `${INVALID}; ${PRICE}`, 429: GUESSES },
    }),
  )
  .post('/basket/add-product', personal, validate('json', schema.basketBody), async (c) => {
    const viewer = await payer(c);
    const b = c.req.valid('json');
    // A code named here is a guess like one typed on /activate: the same limits.
    if (b.promoCode) await takePromoAttempt(viewer);
    const { quote: q } = await quoteAgain(viewer, { ...b, gift: b.isGift });
    return c.json({
      tariffId: q.tariff.tariffId,
      priceId: q.priceId,
      buyType: q.tariff.buyType,
      description: q.description,
      amount: q.amount,
      listPrice: q.listPrice,
      days: q.days,
      vatRate: q.vatRate,
      offer: q.offer && { name: q.offer.name, title: q.offer.title },
      promo: q.promo,
    });
  })
  .post(
    '/notifications/yookassa',
    apiDoc({
      tag,
      summary: 'Уведомление эквайера (вебхук): только подсказка, платёж перечитывается у эквайера',
      answers: { 200: schema.notificationAnswer },
      errors: { 403: 'Не с адресов YooKassa (в рабочей среде)' },
      body: schema.yookassaNotification,
    }),
  )
  .post('/notifications/yookassa', async (c) => {
    if (config().isProduction && !fromYookassa(c.var.edge.geo.ip))
      throw new ApiError(403, 'Доступ запрещён', 'forbidden');
    const body = await c.req.json().catch(() => null);
    return c.json({ result: await handleNotification(body) }, 200, { 'Cache-Control': 'no-store' });
  });
