import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { requireLiveSession } from '../domains/auth/index.ts';
import { promoTexts, redeemPromoCode } from '../domains/billing/index.ts';
import type { AppEnv } from '../lib/app-env.ts';
import { validate } from '../lib/validate.ts';
import { apiDoc, LIMITED } from './api-doc.ts';

const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};

const voucherBody = z.object({
  code: z.string().trim().min(3, promoTexts.format).max(40, promoTexts.format),
});

/** The promo-result popup (docs/product.md: title, description, buttonText, success). */
const promoResult = z.object({
  success: z.literal(true),
  code: z.string().describe('Код, как он хранится: без пробелов, заглавными'),
  kind: z
    .enum(['days', 'discount'])
    .describe('days — дни подписки начислены; discount — скидка при оплате'),
  title: z.string(),
  description: z.string(),
  buttonText: z.string(),
  href: z.string().describe('Куда ведёт кнопка: пейвол с promo=<код> для скидки, каталог для дней'),
  days: z.number().int().nullable(),
  discountPercent: z.number().int().nullable(),
});

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
      answers: { 200: promoResult },
      errors: {
        404: 'Промокода нет (promo_not_found)',
        409: 'promo_expired, promo_not_started, promo_used_up, promo_already_redeemed, promo_unsupported',
        422: 'Не похоже на промокод',
        429: LIMITED,
      },
    }),
  )
  .post('/apply', validate('json', voucherBody), async (c) => {
    const live = await requireLiveSession(c);
    return c.json(
      await redeemPromoCode(
        { account: String(live.accountId), ip: c.var.edge.geo.ip },
        c.req.valid('json').code,
      ),
    );
  });
