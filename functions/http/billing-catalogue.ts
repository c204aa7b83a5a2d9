import { type Context, Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { etag } from 'hono/etag';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { requireLiveSession } from '../domains/auth/index.ts';
import {
  billingList,
  currentSubscriptions,
  partnerActivation,
  partnerProducts,
  paywall,
  referralInvite,
  retentionPaywall,
  type SubscriptionState,
  storefrontSchemas as shape,
  tariffById,
  visitorAccess,
  visitorPurchases,
} from '../domains/billing/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { cmsCache } from '../lib/cms-cache.ts';
import { idParam, slug } from '../lib/schemas.ts';
import { validate } from '../lib/validate.ts';
import { requestViewer } from '../lib/viewer.ts';
import { edgeCache } from '../middleware/edge-cache.ts';
import { isHttps, publicCookie } from '../shared/cookies.ts';
import { PURCHASE_COOKIE_SECONDS } from '../shared/purchase-flow.ts';
import { apiDoc, KID_MONEY } from './api-doc.ts';

/**
 * The storefront's API under /billing (docs/product.md, «Money»): the billing list
 * (`GET /billing/tariffs/?buy_type=SVOD&ids=2`), a tariff, paywalls by slug (catalogue and
 * retention), the viewer's subscriptions (`status__in`), purchases and subscription status,
 * access to a title, the partner channel's products and activation, the referral invite.
 * The price list is the same for everyone and is shared at the edge like CMS answers; whatever
 * is the viewer's own is `no-store`.
 */

const tag = 'billing';
const now = () => Math.floor(Date.now() / 1000);

/** The viewer's own answers: never stored by any cache. */
const personal = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
});

/** The viewer of a live session (a revoked one is a 401 even with a token still valid). */
async function member(c: Context<AppEnv>) {
  await requireLiveSession(c.var.edge);
  return requestViewer(c);
}

// The public price list rides the CMS edge cache: one entry per region group and sign-in state.
const shared = [etag(), edgeCache('cms')] as const;

export const billingCatalogueRoutes = new Hono<AppEnv>()
  .use('/tariffs/*', ...shared)
  .use('/paywall/*', ...shared)
  .use('/partner/products/*', ...shared)
  .use('/customer-retention/*', personal)
  .use('/subscriptions/*', personal)
  .use('/visitor/*', personal)
  .use('/partner/activation/*', personal)
  .use('/referral/*', personal)
  .get(
    '/tariffs',
    apiDoc({
      tag,
      summary: 'Список тарифов (billing list): SVOD, TVOD, EST; ids — канал партнёра',
      answers: { 200: shape.billingList },
    }),
    validate('query', shape.listQuery),
    async (c) => {
      const q = c.req.valid('query');
      const results = await billingList({ buyType: q.buy_type, ids: q.ids });
      cmsCache(c);
      return c.json({ count: results.length, next: null, previous: null, results });
    },
  )
  .get(
    '/tariffs/:id',
    apiDoc({
      tag,
      summary: 'Тариф с ценами и предложениями',
      answers: { 200: shape.tariff },
      errors: { 404: 'Тарифа нет или он не продаётся (tariff_not_found)' },
    }),
    validate('param', z.object({ id: idParam })),
    async (c) => {
      const found = await tariffById(c.req.valid('param').id);
      cmsCache(c);
      return c.json(found);
    },
  )
  .get(
    '/paywall/:slug',
    apiDoc({
      tag,
      summary: 'Пейвол каталога по slug; film с contentId — аренда и покупка фильма',
      answers: { 200: shape.paywall },
      errors: {
        403: 'Контент не для этого зрителя (region_restricted, kid_profile, age_restricted)',
        404: 'Нет такого пейвола (paywall_not_found) или контента (content_not_found)',
      },
    }),
    validate('param', z.object({ slug })),
    validate('query', shape.paywallQuery),
    async (c) => {
      const found = await paywall(
        requestViewer(c),
        c.req.valid('param').slug,
        c.req.valid('query').contentId,
      );
      cmsCache(c);
      return c.json(found);
    },
  )
  .get(
    '/customer-retention/paywall/:slug',
    apiDoc({
      tag,
      summary: 'Пейвол удержания с параметрами пейвола (query)',
      answers: { 200: shape.retentionPaywall },
      errors: { 404: 'Нет такого пейвола удержания (paywall_not_found)' },
      auth: true,
    }),
    validate('param', z.object({ slug })),
    validate('query', shape.retentionQuery),
    async (c) => {
      const viewer = await member(c);
      return c.json(
        await retentionPaywall(viewer, c.req.valid('param').slug, c.req.valid('query')),
      );
    },
  )
  .get(
    '/subscriptions',
    apiDoc({
      tag,
      summary: 'Подписки зрителя (status__in=active,renew,paused)',
      answers: { 200: shape.subscriptions },
      auth: true,
    }),
    validate('query', shape.subscriptionsQuery),
    async (c) => {
      const viewer = await member(c);
      const states: readonly SubscriptionState[] = c.req.valid('query').status__in ?? [
        'active',
        'renew',
        'paused',
      ];
      return c.json({ results: await currentSubscriptions(viewer, states) });
    },
  )
  .get(
    '/visitor/purchases',
    apiDoc({
      tag,
      summary: 'Покупки зрителя и статус подписки (Subscription / NoSubscription)',
      answers: { 200: shape.purchases },
      auth: true,
    }),
    async (c) => c.json(await visitorPurchases(await member(c), now())),
  )
  .get(
    '/visitor/access/:id',
    apiDoc({
      tag,
      summary: 'Что открывает контент этому зрителю; у аренды — сколько осталось',
      answers: { 200: shape.access },
      errors: {
        403: 'Контент не для этого зрителя (region_restricted, kid_profile, age_restricted)',
        404: 'Контент не найден (content_not_found)',
      },
    }),
    validate('param', z.object({ id: idParam })),
    async (c) => c.json(await visitorAccess(requestViewer(c), c.req.valid('param').id, now())),
  )
  .get(
    '/partner/products',
    apiDoc({
      tag,
      summary: 'Подписки партнёров (HBO Max: is_hbo)',
      answers: { 200: shape.partnerProducts },
    }),
    async (c) => {
      const results = await partnerProducts();
      cmsCache(c);
      return c.json({ results });
    },
  )
  .post(
    '/partner/activation',
    apiDoc({
      tag,
      summary: 'Подключение продукта партнёра: уже есть — в раздел, нет — к оплате (isHBO)',
      answers: { 200: shape.activation },
      errors: { 403: KID_MONEY, 404: 'Нет такого партнёра (partner_not_found)' },
    }),
    validate('json', shape.partnerBody),
    async (c) => {
      // A signed-in viewer is the session's current profile (a kept adult token on a kid session
      // starts nothing); a guest is asked to pay, and signs in on the way.
      const viewer = c.var.edge.session.signedIn ? await member(c) : requestViewer(c);
      const { cookies, ...answer } = await partnerActivation(
        viewer,
        c.req.valid('json').partner,
        now(),
      );
      const options = publicCookie(PURCHASE_COOKIE_SECONDS, isHttps(c.req.raw));
      for (const [name, value] of Object.entries(cookies)) setCookie(c, name, value, options);
      return c.json(answer);
    },
  )
  .get(
    '/referral/invite',
    apiDoc({
      tag,
      summary: 'Приглашение в реферальную программу: код и ссылка зрителя',
      answers: { 200: shape.invite },
      auth: true,
    }),
    async (c) => c.json(await referralInvite(await member(c))),
  );
