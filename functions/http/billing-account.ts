import { type Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import { z } from 'zod';
import type { Viewer } from '../access/index.ts';
import { requireLiveSession } from '../domains/auth/index.ts';
import {
  applyRetentionOffer,
  cancelRenewal,
  changeRenewal,
  pauseSubscription,
  type ReceiptRow,
  type RetentionOffer,
  receiptFor,
  receiptSchemas,
  receiptsFor,
  removeSavedCard,
  resumeSubscription,
  type SubscriptionView,
  subscriptionFor,
  subscriptionSchemas,
} from '../domains/billing/index.ts';
import {
  acceptGift,
  type GiftView,
  giftProductList,
  giftSchemas,
  giftsFor,
  resendGift,
} from '../domains/gifts/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { edgeCache } from '../middleware/edge-cache.ts';
import { apiDoc, INVALID, KID_MONEY, LIMITED } from './api-doc.ts';

/**
 * The viewer's side of billing (docs/product.md, «Money»): their subscriptions and renewal, the
 * retention offer, saved cards, receipts and gifts. Every route but the gift products needs a live
 * session and answers this account's data alone: never stored by a cache. The gift products are the
 * same for everyone and shared at the edge like the price list (functions/http/billing-catalogue.ts).
 */

/** The viewer of a live session (the API refuses a token whose session has ended). */
async function member(c: Context<AppEnv>): Promise<Viewer> {
  const live = await requireLiveSession(c.var.edge);
  return { ...requestViewer(c), account: String(live.accountId), profile: String(live.userId) };
}

const NO_STORE = { 'Cache-Control': 'no-store' };
const tag = 'billing-account';

export function subscriptionJson(
  s: SubscriptionView,
): z.infer<typeof subscriptionSchemas.subscriptionAnswer> {
  return {
    id: s.id,
    tariff: { id: s.tariffId, name: s.tariff },
    period: s.period,
    price: s.price,
    status: s.status,
    status_text: s.statusText,
    is_renew: s.isRenew,
    granted_till: s.grantedTill,
    paid_up_to: s.paidUpTo,
    card: s.card,
    renewal_text: s.renewalText,
    can_renew: s.canRenew,
    retention_offer: s.retentionOffer,
    renewal_offer: s.renewalOffer,
    paused_until: s.pausedUntil,
    can_pause: s.canPause,
    pause_days_max: s.pauseDaysMax,
  };
}

function retentionJson(o: RetentionOffer): z.infer<typeof subscriptionSchemas.retentionAnswer> {
  return {
    subscription_id: o.subscriptionId,
    paywall_slug: o.paywallSlug,
    title: o.title,
    description: o.description,
    offer: {
      name: 'retention',
      title: o.offerTitle,
      description: o.offerDescription,
      first_price: o.firstPrice,
      first_period_days: o.firstPeriodDays,
      button_text: o.applyButton,
    },
    apply_button: o.applyButton,
    cancel_button: o.cancelButton,
  };
}

function receiptJson(r: ReceiptRow): z.infer<typeof receiptSchemas.receiptAnswer> {
  let body: unknown = r.body;
  try {
    body = JSON.parse(r.body);
  } catch {}
  return {
    id: r.id,
    order_id: r.orderId,
    kind: r.kind,
    customer_contact: r.customerContact,
    body,
    total: r.total,
    fiscal_storage: r.fiscalStorage,
    fiscal_document: r.fiscalDocument,
    fiscal_sign: r.fiscalSign,
    created_at: r.createdAt,
  };
}

const giftJson = (g: GiftView): z.infer<typeof giftSchemas.giftAnswer> => ({
  id: g.id,
  tariff: g.tariff,
  period: g.period,
  recipient_email: g.recipientEmail,
  created_at: g.createdAt,
  accepted: g.accepted,
  accepted_at: g.acceptedAt,
});

const idParam = z.object({ id: z.coerce.number().int().positive() });
const NOT_FOUND = 'Подписки нет у этого аккаунта (subscription_not_found)';

/** Mounted at `/billing`. */
export const billingAccountRoutes = new Hono<AppEnv>()
  .use('/gifts/products/*', etag(), edgeCache('cms'))
  .get(
    '/subscriptions/:id',
    apiDoc({
      tag,
      auth: true,
      summary: 'Подписка зрителя: тариф, оплачено до, продление и карта',
      answers: { 200: subscriptionSchemas.subscriptionAnswer },
      errors: { 404: NOT_FOUND },
    }),
  )
  .get('/subscriptions/:id', validate('param', idParam), async (c) => {
    const s = await subscriptionFor(await member(c), c.req.valid('param').id);
    return c.json(subscriptionJson(s), 200, NO_STORE);
  })

  .patch(
    '/subscriptions/:id',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Включить или отключить автопродление (без предложения скидки: его делает POST …/cancel/)',
      answers: { 200: subscriptionSchemas.subscriptionAnswer },
      errors: {
        404: NOT_FOUND,
        409: 'Продление не включить: нет сохранённой карты (payment_method_required) или подписка закончилась (subscription_ended)',
        422: INVALID,
      },
    }),
  )
  .patch(
    '/subscriptions/:id',
    validate('param', idParam),
    validate('json', subscriptionSchemas.renewalBody),
    async (c) => {
      const s = await changeRenewal(
        await member(c),
        c.req.valid('param').id,
        c.req.valid('json').is_renew,
      );
      return c.json(subscriptionJson(s), 200, NO_STORE);
    },
  )

  .post(
    '/subscriptions/:id/cancel',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Отключить автопродление. Если подписке ещё не предлагали скидку, ответ 202 с предложением (ничего не меняется): «Получить скидку» — POST /billing/apply-retention-offer/, «Отказаться от скидки» — повторить с decline_offer: true',
      answers: {
        200: subscriptionSchemas.cancelledAnswer,
        202: subscriptionSchemas.offeredAnswer,
      },
      errors: { 404: NOT_FOUND, 422: INVALID },
    }),
  )
  .post(
    '/subscriptions/:id/cancel',
    validate('param', idParam),
    validate('json', subscriptionSchemas.cancelBody),
    async (c) => {
      const result = await cancelRenewal(await member(c), c.req.valid('param').id, {
        declineOffer: c.req.valid('json').decline_offer,
      });
      return result.kind === 'offer'
        ? c.json({ retention: retentionJson(result.offer) }, 202, NO_STORE)
        : c.json({ subscription: subscriptionJson(result.subscription) }, 200, NO_STORE);
    },
  )

  .post(
    '/subscriptions/:id/pause',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Заморозить подписку на 7–90 дней (/info/freezing): доступ к каталогу подписки приостанавливается, дата списания сдвигается на срок заморозки; не чаще двух раз и не больше 90 дней за 12 месяцев',
      answers: { 200: subscriptionSchemas.subscriptionAnswer },
      errors: {
        403: KID_MONEY,
        404: NOT_FOUND,
        409: 'Подписка уже на паузе (subscription_paused), не активна (subscription_not_active), без автопродления (renewal_off), пробная, подарочная или по промокоду (pause_not_allowed), заморозки за 12 месяцев исчерпаны (pause_limit_reached) или идёт списание за продление (renewal_pending)',
        422: `${INVALID}; срок больше оставшихся дней заморозки (pause_days_exceeded)`,
      },
    }),
  )
  .post(
    '/subscriptions/:id/pause',
    validate('param', idParam),
    validate('json', subscriptionSchemas.pauseBody),
    async (c) => {
      const s = await pauseSubscription(
        await member(c),
        c.req.valid('param').id,
        c.req.valid('json').days,
      );
      return c.json(subscriptionJson(s), 200, NO_STORE);
    },
  )

  .post(
    '/subscriptions/:id/resume',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Возобновить замороженную подписку раньше срока: оставшиеся дни заморозки сгорают, дата списания пересчитывается',
      answers: { 200: subscriptionSchemas.subscriptionAnswer },
      errors: { 403: KID_MONEY, 404: NOT_FOUND, 409: 'Подписка не на паузе (not_paused)' },
    }),
  )
  .post('/subscriptions/:id/resume', validate('param', idParam), async (c) => {
    const s = await resumeSubscription(await member(c), c.req.valid('param').id);
    return c.json(subscriptionJson(s), 200, NO_STORE);
  })

  .post(
    '/apply-retention-offer',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Принять предложение удержания («Получить скидку»): следующие продления по цене предложения, продление остаётся включённым; один раз на подписку',
      answers: { 200: subscriptionSchemas.cancelledAnswer },
      errors: {
        404: NOT_FOUND,
        409: 'Скидка уже получена (retention_offer_used), её нет для этой подписки (retention_offer_unavailable) или нет карты (payment_method_required)',
        422: INVALID,
      },
    }),
  )
  .post(
    '/apply-retention-offer',
    validate('json', subscriptionSchemas.applyOfferBody),
    async (c) => {
      const s = await applyRetentionOffer(await member(c), c.req.valid('json').subscription_id);
      return c.json({ subscription: subscriptionJson(s) }, 200, NO_STORE);
    },
  )

  .delete(
    '/payment-methods/:id',
    apiDoc({
      tag,
      auth: true,
      summary:
        'Удалить сохранённую карту: подписки, которые с неё продлевались, больше не продлеваются',
      answers: {
        200: subscriptionSchemas.cardRemovedAnswer,
      },
      errors: { 404: 'Карты нет у этого аккаунта (payment_method_not_found)', 422: INVALID },
    }),
  )
  .delete('/payment-methods/:id', validate('param', idParam), async (c) => {
    const removed = await removeSavedCard(await member(c), c.req.valid('param').id);
    return c.json({ id: removed.id, stopped_renewing: removed.stopped }, 200, NO_STORE);
  })

  .get(
    '/receipts',
    apiDoc({
      tag,
      auth: true,
      summary: 'Чеки зрителя (54-ФЗ), новые сверху',
      answers: { 200: receiptSchemas.receiptsAnswer },
      errors: { 403: KID_MONEY },
    }),
  )
  .get('/receipts', async (c) => {
    const rows = await receiptsFor(await member(c));
    return c.json({ results: rows.map(receiptJson) }, 200, NO_STORE);
  })

  .get(
    '/receipts/:id',
    apiDoc({
      tag,
      auth: true,
      summary: 'Один чек зрителя со всеми полями',
      answers: { 200: receiptSchemas.receiptAnswer },
      errors: { 403: KID_MONEY, 404: 'Чека нет у этого аккаунта (receipt_not_found)' },
    }),
  )
  .get(
    '/receipts/:id',
    validate('param', z.object({ id: receiptSchemas.receiptId })),
    async (c) => {
      const row = await receiptFor(await member(c), c.req.valid('param').id);
      return c.json(receiptJson(row), 200, NO_STORE);
    },
  )

  .get(
    '/gifts',
    apiDoc({
      tag,
      auth: true,
      summary: 'Подарки: купленные зрителем и подаренные ему',
      answers: {
        200: giftSchemas.giftsAnswer,
      },
    }),
  )
  .get('/gifts', async (c) => {
    const { bought, received } = await giftsFor(await member(c));
    return c.json(
      { bought: bought.map(giftJson), received: received.map(giftJson) },
      200,
      NO_STORE,
    );
  })

  .get(
    '/gifts/products',
    apiDoc({
      tag,
      summary: 'Что можно подарить: подписки и их периоды',
      answers: {
        200: giftSchemas.giftProductsAnswer,
      },
    }),
  )
  .get('/gifts/products', async (c) => {
    const products = await giftProductList();
    cmsCache(c);
    return c.json({
      results: products.map((p) => ({
        tariff_id: p.tariffId,
        name: p.tariff,
        description: p.description,
        prices: p.prices.map((x) => ({
          id: x.priceId,
          period_duration: x.periodDays,
          period: x.period,
          price: x.price,
        })),
      })),
    });
  })

  .post(
    '/gifts/accept',
    apiDoc({
      tag,
      auth: true,
      summary: 'Принять подарок по токену из письма: один раз, не покупателем',
      answers: {
        200: giftSchemas.acceptedAnswer,
      },
      errors: {
        404: 'Нет подарка с этим токеном (gift_not_found)',
        409: 'Подарок уже принят (gift_already_accepted) или это подарок самого зрителя (gift_own)',
        422: INVALID,
      },
    }),
  )
  .post('/gifts/accept', validate('json', giftSchemas.acceptBody), async (c) => {
    const { gift, grantedTill } = await acceptGift(await member(c), c.req.valid('json').giftToken);
    return c.json({ gift: giftJson(gift), granted_till: grantedTill }, 200, NO_STORE);
  })

  .post(
    '/gifts/:id/send',
    apiDoc({
      tag,
      auth: true,
      sends: true,
      summary:
        'Отправить получателю письмо с подарком ещё раз, с новой ссылкой (прежняя перестаёт действовать); 3 в час на подарок',
      answers: { 202: z.object({ sent: z.literal(true) }) },
      errors: {
        404: 'Подарок не найден среди купленных зрителем (gift_not_found)',
        409: 'Подарок уже принят (gift_already_accepted)',
        429: LIMITED,
      },
    }),
  )
  .post('/gifts/:id/send', validate('param', idParam), async (c) => {
    await resendGift(await member(c), c.req.valid('param').id);
    return c.json({ sent: true as const }, 202, NO_STORE);
  });
