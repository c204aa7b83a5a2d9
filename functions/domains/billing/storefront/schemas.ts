import { z } from 'zod';
import { idParam, slug } from '../../../lib/schemas.ts';
import { SUBSCRIPTION_STATES } from './catalogue.ts';
import { storeTexts } from './store-texts.ts';

/**
 * The storefront's request and answer schemas (`/billing/list`, paywalls, the viewer's
 * subscriptions, purchases and access, partner products): the routes parse their queries and
 * bodies and describe their answers with them in the OpenAPI document.
 */

/** A comma-separated list of ids (the billing list's `ids`). */
const idList = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, storeTexts.ids)
  .transform((s) => s.split(',').map(Number));

/** `GET /billing/tariffs?buy_type=&ids=`. */
export const listQuery = z.object({
  buy_type: z
    .enum(['SVOD', 'TVOD', 'EST'], { message: storeTexts.buyType })
    .optional()
    .describe('SVOD, TVOD или EST; без него — все'),
  ids: idList.optional().describe('id продуктов через запятую (канал партнёра: 2)'),
});

/** `GET /billing/paywall/{slug}?contentId=`. */
export const paywallQuery = z.object({
  contentId: idParam.optional().describe('Фильм, аренду и покупку которого показать (film)'),
});

/** The retention paywall's parameters: any query, within bounds. */
export const retentionQuery = z
  .record(z.string().max(64), z.string().max(200, storeTexts.paywallParams))
  .refine((q) => Object.keys(q).length <= 20, storeTexts.paywallParams);

const statusList = z
  .string()
  .transform((s) => s.split(','))
  .pipe(
    z
      .array(z.enum(SUBSCRIPTION_STATES, { message: storeTexts.statuses }))
      .min(1)
      .max(4),
  );

/** `GET /billing/subscriptions?status__in=`. */
export const subscriptionsQuery = z.object({
  status__in: statusList
    .optional()
    .describe('Статусы через запятую; по умолчанию active,renew,paused'),
});

/** `POST /billing/partner/activation`: the partner's slug. */
export const partnerBody = z.object({ partner: slug });

const int = z.number().int();
const buyType = z.enum(['SVOD', 'TVOD', 'EST']);

export const offer = z.object({
  id: int,
  name: z.enum(['new_user', 'retention', 'offer2', 'free_days']),
  first_price: int.describe('Цена первого периода, копейки'),
  first_period_days: int,
  title: z.string(),
  description: z.string(),
  button_text: z.string(),
});

export const tariff = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  buy_type: buyType,
  product: z.object({ id: int, slug: z.string(), partner: z.string() }),
  paywall_slug: z.string().nullable(),
  giftable: z.boolean(),
  legacy: z.boolean(),
  is_hbo: z.boolean(),
  rental: z.object({ start_seconds: int, window_seconds: int }).nullable(),
  prices: z.array(
    z.object({
      id: int.describe('tariff_prices.id: subscriptionId потока покупки'),
      period_duration: int.describe('Дней в периоде; 0 у аренды и покупки'),
      price: int.describe('Цена с НДС, копейки'),
      excl_tax: int.describe('Цена без НДС, копейки'),
      vat_rate: int,
      offers: z.array(offer),
    }),
  ),
});

export const billingList = z.object({
  count: int,
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(tariff),
});

export const paywall = z.object({
  slug: z.string(),
  kind: z.enum(['catalogue', 'retention']),
  title: z.string(),
  description: z.string(),
  button_text: z.string(),
  offer_name: z.string().nullable(),
  offer: offer.extend({ tariff_id: int, price_id: int }).nullable(),
  params: z.record(z.string(), z.unknown()),
  content: z.object({ id: int, name: z.string() }).nullable(),
  tariffs: z.array(tariff),
});

export const retentionPaywall = paywall.extend({
  subscription: z.object({ id: int, tariff_id: int }).nullable(),
  eligible: z.boolean().describe('Подписка зрителя ещё может получить предложение'),
});

const tariffBrief = z.object({
  id: int,
  slug: z.string(),
  name: z.string(),
  buy_type: buyType,
  product_id: int,
  legacy: z.boolean(),
});

export const subscriptions = z.object({
  results: z.array(
    z.object({
      id: int,
      tariff: tariffBrief,
      status: z.enum(['active', 'renew', 'paused', 'ended']),
      granted_till: z.string().nullable(),
      is_renew: z.boolean(),
      price: z.object({ id: int, period_duration: int, price: int }),
    }),
  ),
});

export const purchases = z.object({
  subscription_status: z.enum(['Subscription', 'NoSubscription']),
  results: z.array(
    z.object({
      kind: z.enum(['subscription', 'rental', 'purchase']),
      buy_type: buyType,
      legacy: z.boolean(),
      tariff: tariffBrief.nullable(),
      product_id: int,
      title_id: int.nullable(),
      granted_till: z.string().nullable(),
      is_renew: z.boolean().nullable(),
      rental: z
        .object({ starts_by: z.string().nullable(), started_at: z.string().nullable() })
        .nullable(),
    }),
  ),
});

export const access = z.object({
  content_id: int,
  allowed: z.boolean(),
  reason: z.string().nullable(),
  unlock: z
    .object({
      by: z.enum(['free', 'subscription', 'rental', 'purchase']),
      until: z.string().nullable(),
      seconds_left: int.nullable(),
      starts_by: z.string().nullable(),
      window_seconds: int.nullable(),
    })
    .nullable(),
  tariffs: z.array(tariff),
  may_pay: z
    .boolean()
    .describe('Может ли зритель покупать: в детском профиле нет (и paywall тогда null)'),
  paywall: z.object({ slug: z.string(), url: z.string() }).nullable(),
});

export const partnerProducts = z.object({ results: z.array(tariff) });

export const activation = z.object({
  activated: z.boolean().describe('Продукт уже подключён'),
  tariff_id: int,
  next: z.string().describe('Куда идти дальше: раздел партнёра или /payment'),
});

export const invite = z.object({ code: z.string(), url: z.string(), rules_url: z.string() });
