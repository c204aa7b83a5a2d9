import { z } from 'zod';
import '../../lib/zod-messages.ts';
import { promoTexts } from './texts.ts';

/**
 * Request and answer schemas of the voucher API (/billing/vouchers): the route validates with them,
 * the OpenAPI document is generated from them and the domain's types are inferred from them.
 */

/** POST /billing/vouchers/apply: the code as typed. */
export const voucherBody = z.object({
  code: z.string().trim().min(3, promoTexts.format).max(40, promoTexts.format),
});

/** The promo-result popup (docs/product.md: title, description, buttonText, success). */
export const promoResult = z.object({
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

/** The promo-result popup (title, description, buttonText, success) and where its button leads. */
export type PromoResult = z.infer<typeof promoResult>;
