import { Hono } from 'hono';
import { z } from 'zod';
import { amountValue, kopecksOf } from '../../domains/billing/index.ts';
import type { AppEnv } from '../../lib/app-env.ts';
import { sha256 } from '../../lib/crypto.ts';
import {
  findPayment,
  findRefund,
  findRefundByKey,
  insertRefund,
  listPayments,
  receiptsOf,
  refundsOf,
  type SandboxReceiptRow,
  type SandboxRow,
  toPayment,
  toRefund,
} from './repo.ts';
import { amountSchema, apiError, itemsTotal, receiptSchema, shopAuth } from './shop-api.ts';

/**
 * The rest of the sandbox's API v3 (Basic auth, YooKassa's objects and error format):
 * - `GET /payments?limit=&status=&created_at.gte=&cursor=`: the shop's payments, newest first
 * - `POST /payments/{id}/capture`: the sandbox captures at once, so only YooKassa's refusal
 * - `POST /refunds` (Idempotence-Key), `GET /refunds/{id}`, `GET /refunds?payment_id=`
 * - `GET /receipts?payment_id=|refund_id=`: the receipts registered, with items and settlements
 */

const now = () => Math.floor(Date.now() / 1000);

const refundBody = z.object({
  payment_id: z.string().min(1).max(64),
  amount: amountSchema,
  description: z.string().max(250).default(''),
  receipt: receiptSchema.optional(),
});

/** The fiscal operator's numbers, derived from the receipt's subject: stable on every read. */
async function fiscalOf(subject: string) {
  const digits = (await sha256(`fiscal:${subject}`)).replace(/\D/g, '').padEnd(26, '7');
  return {
    fiscal_storage_number: `99990789${digits.slice(0, 8)}`,
    fiscal_document_number: String(Number(digits.slice(8, 13)) + 1),
    fiscal_attribute: digits.slice(13, 23),
  };
}

/** A registered receipt as YooKassa answers it: what the shop sent, the fiscal data, how paid. */
async function toReceipt(r: SandboxReceiptRow, payment: SandboxRow) {
  const body = JSON.parse(r.body) as {
    customer?: unknown;
    tax_system_code?: number;
    items?: { amount: { value: string } }[];
  } | null;
  const items = body?.items ?? [];
  const total = items.reduce((sum, i) => sum + kopecksOf(i.amount.value), 0);
  return {
    id: r.id,
    type: r.type,
    payment_id: r.payment_id,
    ...(r.refund_id && { refund_id: r.refund_id }),
    status: 'succeeded',
    ...(await fiscalOf(r.refund_id ?? r.payment_id)),
    registered_at: new Date(
      (r.type === 'payment' ? (payment.paid_at ?? r.created_at) : r.created_at) * 1000,
    ).toISOString(),
    fiscal_provider_id: 'sandbox-fiscal',
    tax_system_code: body?.tax_system_code ?? 1,
    items,
    settlements: [{ type: 'cashless', amount: { value: amountValue(total), currency: 'RUB' } }],
  };
}

export const shopApi = new Hono<AppEnv>({ strict: false })
  .use('*', shopAuth)
  .get('/payments', async (c) => {
    const q = z
      .object({
        limit: z.coerce.number().int().min(1).max(100).default(10),
        status: z.enum(['pending', 'waiting_for_capture', 'succeeded', 'canceled']).optional(),
        'created_at.gte': z.iso.datetime({ offset: true }).optional(),
        cursor: z
          .string()
          .regex(/^\d+:[\w-]+$/)
          .optional(),
      })
      .safeParse(c.req.query());
    if (!q.success)
      return c.json(
        apiError('invalid_request', 'Неверные параметры списка', q.error.issues[0]?.path.join('.')),
        400,
      );
    const { limit, status, cursor } = q.data;
    const from = q.data['created_at.gte'];
    const [at, id] = cursor ? cursor.split(':') : [];
    const rows = await listPayments({
      limit: limit + 1,
      status,
      createdFrom: from ? Math.floor(Date.parse(from) / 1000) : undefined,
      after: at && id ? { at: Number(at), id } : undefined,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return c.json({
      type: 'list',
      items: page.map(toPayment),
      ...(rows.length > limit && last && { next_cursor: `${last.created_at}:${last.id}` }),
    });
  })
  .post('/payments/:id/capture', async (c) => {
    const row = await findPayment(c.req.param('id'));
    if (!row) return c.json(apiError('not_found', 'Платёж не найден'), 404);
    // Every sandbox payment is captured when paid: none ever waits for capture.
    return c.json(
      apiError(
        'invalid_request',
        `Платёж в статусе ${row.status}, а не waiting_for_capture`,
        'payment_id',
      ),
      400,
    );
  })
  .post('/refunds', async (c) => {
    const key = c.req.header('idempotence-key');
    if (!key) return c.json(apiError('invalid_request', 'Нужен Idempotence-Key'), 400);
    const known = await findRefundByKey(key);
    if (known)
      return c.json(toRefund(known, (await receiptsOf({ refundId: known.id })).length > 0));
    const parsed = refundBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json(
        apiError('invalid_request', parsed.error.message, parsed.error.issues[0]?.path.join('.')),
        400,
      );
    const b = parsed.data;
    const payment = await findPayment(b.payment_id);
    if (!payment) return c.json(apiError('not_found', 'Платёж не найден', 'payment_id'), 404);
    if (payment.status !== 'succeeded')
      return c.json(
        apiError('invalid_request', 'Вернуть можно только успешный платёж', 'payment_id'),
        400,
      );
    const amount = kopecksOf(b.amount.value);
    const left = payment.amount - (payment.refunded ?? 0);
    if (amount <= 0 || amount > left)
      return c.json(
        apiError(
          'invalid_request',
          `Сумма возврата больше доступной: ${amountValue(left)}`,
          'amount.value',
        ),
        400,
      );
    // As for payments: this shop registers receipts, so a refund comes with its return's receipt.
    const paidWithReceipt = (await receiptsOf({ paymentId: payment.id })).some(
      (r) => r.type === 'payment',
    );
    if (paidWithReceipt && !b.receipt)
      return c.json(apiError('invalid_request', 'Нужен чек возврата (receipt)', 'receipt'), 400);
    if (b.receipt && itemsTotal(b.receipt, kopecksOf) !== amount)
      return c.json(
        apiError('invalid_request', 'Сумма позиций чека не равна сумме возврата', 'receipt'),
        400,
      );
    const refund = await insertRefund(
      {
        id: crypto.randomUUID(),
        idempotence_key: key,
        payment_id: payment.id,
        status: 'succeeded',
        amount,
        description: b.description,
        created_at: now(),
      },
      b.receipt ?? null,
    );
    // Another refund got there first and left less than this one asks.
    if (!refund)
      return c.json(
        apiError('invalid_request', 'Сумма возврата больше доступной', 'amount.value'),
        400,
      );
    return c.json(toRefund(refund, b.receipt !== undefined));
  })
  .get('/refunds/:id', async (c) => {
    const refund = await findRefund(c.req.param('id'));
    if (!refund) return c.json(apiError('not_found', 'Возврат не найден'), 404);
    return c.json(toRefund(refund, (await receiptsOf({ refundId: refund.id })).length > 0));
  })
  .get('/refunds', async (c) => {
    const paymentId = c.req.query('payment_id');
    if (!paymentId)
      return c.json(apiError('invalid_request', 'Нужен payment_id', 'payment_id'), 400);
    const receipts = await receiptsOf({ paymentId });
    const refunds = await refundsOf(paymentId);
    return c.json({
      type: 'list',
      items: refunds.map((r) =>
        toRefund(
          r,
          receipts.some((x) => x.refund_id === r.id),
        ),
      ),
    });
  })
  .get('/receipts', async (c) => {
    const paymentId = c.req.query('payment_id');
    const refundId = c.req.query('refund_id');
    if (!paymentId && !refundId)
      return c.json(
        apiError('invalid_request', 'Нужен payment_id или refund_id', 'payment_id'),
        400,
      );
    const refund = refundId ? await findRefund(refundId) : null;
    const payment = await findPayment(paymentId ?? refund?.payment_id ?? '');
    // A payment's receipt is registered once it is paid; a refund's when it is made.
    if (payment?.status !== 'succeeded') return c.json({ type: 'list', items: [] });
    const rows = await receiptsOf({ paymentId: payment.id, refundId });
    return c.json({
      type: 'list',
      items: await Promise.all(rows.map((r) => toReceipt(r, payment))),
    });
  })
  .all('*', (c) => c.json(apiError('not_found', 'Нет такого метода API'), 404));
