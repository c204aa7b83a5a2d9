import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import type { AppEnv } from '../../lib/app-env.ts';
import { base64 } from '../../lib/crypto.ts';
import { SANDBOX_SHOP } from './constants.ts';

/**
 * What the sandbox's API v3 shares with YooKassa's: its error object, the shop's Basic auth and
 * the 54-FZ receipt a shop with fiscalisation sends with a payment or a refund.
 */

/** YooKassa's error object (`type: error`, a code, a description, the parameter at fault). */
export const apiError = (code: string, description: string, parameter?: string) => ({
  type: 'error',
  id: crypto.randomUUID(),
  code,
  description,
  ...(parameter && { parameter }),
});

/** HTTP Basic with the shop's id and secret key, or YooKassa's 401. */
export const shopAuth = createMiddleware<AppEnv>(async (c, next) => {
  const expected = `Basic ${base64(new TextEncoder().encode(`${SANDBOX_SHOP.id}:${SANDBOX_SHOP.secret}`))}`;
  if (c.req.header('authorization') !== expected)
    return c.json(apiError('invalid_credentials', 'Неверный shopId или секретный ключ'), 401);
  await next();
});

export const amountSchema = z.object({
  value: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.literal('RUB'),
});

/**
 * As YooKassa's fiscal service takes it: the buyer by e-mail or by phone (E.164 digits without
 * the «+»), the tax system, and items that add up to the payment or refund.
 */
export const receiptSchema = z.object({
  customer: z
    .object({
      email: z.email().optional(),
      phone: z
        .string()
        .regex(/^[1-9]\d{7,14}$/)
        .optional(),
    })
    .refine((c) => c.email || c.phone, 'Нужен email или phone покупателя'),
  tax_system_code: z.number().int().min(1).max(6),
  items: z
    .array(
      z.object({
        description: z.string().min(1).max(128),
        quantity: z.string().regex(/^\d+\.\d{2}$/),
        amount: amountSchema,
        vat_code: z.number().int().min(1).max(12),
        payment_mode: z.literal('full_payment'),
        payment_subject: z.literal('service'),
      }),
    )
    .min(1),
});

export type SandboxReceipt = z.infer<typeof receiptSchema>;

/** What a receipt's items add up to, in kopecks. */
export const itemsTotal = (receipt: SandboxReceipt, kopecksOf: (value: string) => number) =>
  receipt.items.reduce((sum, i) => sum + kopecksOf(i.amount.value) * Number(i.quantity), 0);
