import { z } from 'zod';

/** A receipt's id, as `GET /billing/receipts/{id}` and /settings/payments' `receipt=` take it. */
export const receiptId = z.string().min(1).max(64);

/**
 * The answer schema of a receipt (`/billing/receipts/…`): the routes shape and describe their
 * answers with it.
 */

export const receiptAnswer = z.object({
  id: z.string(),
  order_id: z.string(),
  kind: z.enum(['income', 'income_return']),
  customer_contact: z.string(),
  body: z
    .unknown()
    .describe('Чек как его принял оператор фискальных данных: продавец, позиции, НДС, итог'),
  total: z.number().int(),
  fiscal_storage: z.string().nullable(),
  fiscal_document: z.string().nullable(),
  fiscal_sign: z.string().nullable(),
  created_at: z.number().int(),
});

/** `GET /billing/receipts`: the viewer's receipts. */
export const receiptsAnswer = z.object({ results: z.array(receiptAnswer) });
