import { z } from 'zod';

/**
 * The request and answer schemas of gifts (`/billing/gifts/…`): the routes parse their bodies and
 * shape and describe their answers with them.
 */

export const giftAnswer = z.object({
  id: z.number().int(),
  tariff: z.string(),
  period: z.string(),
  recipient_email: z.string(),
  created_at: z.string(),
  accepted: z.boolean(),
  accepted_at: z.string().nullable(),
});

/** `GET /billing/gifts`: the gifts the viewer bought and those given to them. */
export const giftsAnswer = z.object({
  bought: z.array(giftAnswer),
  received: z.array(giftAnswer),
});

/** `GET /billing/gifts/products`: what can be given, subscriptions and their periods. */
export const giftProductsAnswer = z.object({
  results: z.array(
    z.object({
      tariff_id: z.number().int(),
      name: z.string(),
      description: z.string(),
      prices: z.array(
        z.object({
          id: z.number().int().describe('tariff_prices.id: cookie subscriptionId'),
          period_duration: z.number().int(),
          period: z.string(),
          price: z.number().int(),
        }),
      ),
    }),
  ),
});

/** `POST /billing/gifts/accept`: the token from the gift's letter. */
export const acceptBody = z.object({ giftToken: z.string().min(1).max(200) });

/** The accepted gift and the day the recipient's subscription now runs to. */
export const acceptedAnswer = z.object({ gift: giftAnswer, granted_till: z.number().int() });
