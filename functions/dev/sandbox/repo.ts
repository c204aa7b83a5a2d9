import { d1 } from '../../db/client.ts';
import { prepare, raw, sql } from '../../db/sql.ts';
import {
  type AcquirerMethodType,
  amountValue,
  type PaymentStatus,
  type ProviderPayment,
} from '../../domains/billing/index.ts';
import { config } from '../../lib/config.ts';
import { SANDBOX_BASE, SANDBOX_FEE_PERCENT, SANDBOX_GATEWAY, SANDBOX_SHOP } from './constants.ts';

/** A row of sandbox_payments (functions/dev/schema.sql). */
export interface SandboxRow {
  id: string;
  idempotence_key: string;
  status: PaymentStatus;
  amount: number;
  description: string;
  method_type: AcquirerMethodType;
  method_id: string;
  save_method: number;
  method_saved: number;
  card_last4: string | null;
  card_type: string | null;
  expiry_month: string | null;
  expiry_year: string | null;
  card_number: string | null;
  confirmation_type: 'redirect' | 'qr' | null;
  return_url: string | null;
  metadata: string;
  cancel_party: string | null;
  cancel_reason: string | null;
  created_at: number;
  paid_at: number | null;
  /** Kopecks refunded so far (read with the row, never stored in it). */
  refunded?: number;
}

/** A payment row with what its succeeded refunds add up to. */
const PAYMENT_SELECT = sql`SELECT p.*, (SELECT coalesce(sum(amount), 0) FROM sandbox_refunds r
    WHERE r.payment_id = p.id AND r.status = 'succeeded') AS refunded FROM sandbox_payments p`;

export const findPayment = (id: string) =>
  prepare(d1(), sql`${PAYMENT_SELECT} WHERE p.id = ${id}`).first<SandboxRow>();

export const findByKey = (key: string) =>
  prepare(d1(), sql`${PAYMENT_SELECT} WHERE p.idempotence_key = ${key}`).first<SandboxRow>();

/**
 * The shop's payments, newest first, as YooKassa lists them: `cursor` is where the last page
 * ended (`<created_at>:<id>`), `status` and `created_at.gte` narrow the list.
 */
export async function listPayments(q: {
  limit: number;
  status?: string;
  createdFrom?: number;
  after?: { at: number; id: string };
}): Promise<SandboxRow[]> {
  const { results } = await prepare(
    d1(),
    sql`${PAYMENT_SELECT} WHERE (${q.status ?? null} IS NULL OR p.status = ${q.status ?? null})
       AND p.created_at >= ${q.createdFrom ?? 0}
       AND (${q.after?.at ?? null} IS NULL OR p.created_at < ${q.after?.at ?? null}
         OR (p.created_at = ${q.after?.at ?? null} AND p.id < ${q.after?.id ?? null}))
       ORDER BY p.created_at DESC, p.id DESC LIMIT ${q.limit}`,
  ).all<SandboxRow>();
  return results;
}

/** The first paid payment that saved this method: its card is what a later charge uses. */
/** A row of sandbox_refunds (functions/dev/schema.sql). */
export interface SandboxRefundRow {
  id: string;
  idempotence_key: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: number;
  description: string;
  created_at: number;
}

export const findRefund = (id: string) =>
  prepare(d1(), sql`SELECT * FROM sandbox_refunds WHERE id = ${id}`).first<SandboxRefundRow>();

export const findRefundByKey = (key: string) =>
  prepare(
    d1(),
    sql`SELECT * FROM sandbox_refunds WHERE idempotence_key = ${key}`,
  ).first<SandboxRefundRow>();

export const refundsOf = async (paymentId: string) =>
  (
    await prepare(
      d1(),
      sql`SELECT * FROM sandbox_refunds WHERE payment_id = ${paymentId} ORDER BY created_at, id`,
    ).all<SandboxRefundRow>()
  ).results;

/**
 * A succeeded refund, only while the payment is paid and its refunds stay within its amount (the
 * insert checks both as it runs, so two refunds at once never return more than was paid); its
 * receipt beside it. Answers the refund stored under the key, or null when it was refused.
 */
export async function insertRefund(
  row: SandboxRefundRow,
  receipt: unknown,
): Promise<SandboxRefundRow | null> {
  const d = d1();
  await d.batch([
    prepare(
      d,
      sql`INSERT INTO sandbox_refunds (id, idempotence_key, payment_id, status, amount, description, created_at)
         SELECT ${row.id}, ${row.idempotence_key}, ${row.payment_id}, 'succeeded', ${row.amount}, ${row.description}, ${row.created_at}
         FROM sandbox_payments p WHERE p.id = ${row.payment_id} AND p.status = 'succeeded'
           AND p.amount >= ${row.amount} + (SELECT coalesce(sum(amount), 0) FROM sandbox_refunds
             WHERE payment_id = p.id AND status = 'succeeded')
         ON CONFLICT (idempotence_key) DO NOTHING`,
    ),
    prepare(
      d,
      sql`INSERT INTO sandbox_receipts (id, type, payment_id, refund_id, body, created_at)
         SELECT ${`r-${row.id}`}, 'refund', ${row.payment_id}, ${row.id}, ${JSON.stringify(receipt ?? null)}, ${row.created_at}
         WHERE ${receipt === null ? 0 : 1} = 1 AND EXISTS (SELECT 1 FROM sandbox_refunds WHERE id = ${row.id})
         ON CONFLICT (id) DO NOTHING`,
    ),
  ]);
  return findRefundByKey(row.idempotence_key);
}

/** A receipt the shop sent (functions/dev/schema.sql), its body parsed. */
export interface SandboxReceiptRow {
  id: string;
  type: 'payment' | 'refund';
  payment_id: string;
  refund_id: string | null;
  body: string;
  created_at: number;
}

/** The receipts of a payment (its own and its refunds'), or of one refund. */
export const receiptsOf = async (q: { paymentId?: string; refundId?: string }) =>
  (
    await prepare(
      d1(),
      sql`SELECT * FROM sandbox_receipts WHERE (${q.paymentId ?? null} IS NULL OR payment_id = ${q.paymentId ?? null})
         AND (${q.refundId ?? null} IS NULL OR refund_id = ${q.refundId ?? null}) ORDER BY created_at, id`,
    ).all<SandboxReceiptRow>()
  ).results;

export const findSavedMethod = (methodId: string) =>
  prepare(
    d1(),
    sql`SELECT * FROM sandbox_payments WHERE method_id = ${methodId} AND method_saved = 1 AND status = 'succeeded'
       ORDER BY created_at LIMIT 1`,
  ).first<SandboxRow>();

/**
 * Inserts a payment and the receipt the shop sent with it unless its idempotence key is known
 * (one batch: both or neither); answers the stored one either way.
 */
export async function insertPayment(
  row: Omit<SandboxRow, 'refunded'>,
  receipt: unknown,
): Promise<SandboxRow> {
  const keys = Object.keys(row) as (keyof typeof row)[];
  const d = d1();
  await d.batch([
    prepare(
      d,
      sql`INSERT INTO sandbox_payments (${raw(keys.join(', '))}) VALUES (${keys.map((k) => row[k])})
       ON CONFLICT (idempotence_key) DO NOTHING`,
    ),
    prepare(
      d,
      sql`INSERT INTO sandbox_receipts (id, type, payment_id, refund_id, body, created_at)
       SELECT ${`r-${row.id}`}, 'payment', ${row.id}, NULL, ${JSON.stringify(receipt)}, ${row.created_at}
       WHERE EXISTS (SELECT 1 FROM sandbox_payments WHERE id = ${row.id})
       ON CONFLICT (id) DO NOTHING`,
    ),
  ]);
  return (await findByKey(row.idempotence_key))!;
}

/** Finishes a pending payment (a payment is finished once); answers whether this call did. */
export async function finishPayment(
  id: string,
  outcome:
    | {
        status: 'succeeded';
        card?: { number: string; last4: string; type: string; month: string; year: string };
      }
    | { status: 'canceled'; party: string; reason: string; card?: { number: string } },
  now: number,
): Promise<boolean> {
  const card = outcome.card as
    | { number: string; last4?: string; type?: string; month?: string; year?: string }
    | undefined;
  const res = await prepare(
    d1(),
    sql`UPDATE sandbox_payments SET status = ${outcome.status}, paid_at = CASE WHEN ${outcome.status} = 'succeeded' THEN ${now} END,
         method_saved = CASE WHEN ${outcome.status} = 'succeeded' THEN save_method ELSE 0 END,
         card_number = coalesce(${card?.number ?? null}, card_number), card_last4 = coalesce(${card?.last4 ?? null}, card_last4),
         card_type = coalesce(${card?.type ?? null}, card_type), expiry_month = coalesce(${card?.month ?? null}, expiry_month),
         expiry_year = coalesce(${card?.year ?? null}, expiry_year), cancel_party = ${outcome.status === 'canceled' ? outcome.party : null}, cancel_reason = ${outcome.status === 'canceled' ? outcome.reason : null}
       WHERE id = ${id} AND status = 'pending'`,
  ).run();
  return (res.meta.changes ?? 0) > 0;
}

/** The payment object as YooKassa's API answers it. */
export function toPayment(r: SandboxRow): ProviderPayment {
  const origin = config().siteOrigin;
  const paid = r.status === 'succeeded';
  const refunded = r.refunded ?? 0;
  const method = {
    type: r.method_type,
    id: r.method_id,
    saved: r.method_saved === 1,
    ...(r.card_last4 && {
      card: {
        ...(r.card_number && { first6: r.card_number.slice(0, 6) }),
        last4: r.card_last4,
        card_type: r.card_type ?? 'Unknown',
        expiry_month: r.expiry_month ?? '',
        expiry_year: r.expiry_year ?? '',
      },
    }),
  };
  return {
    id: r.id,
    status: r.status,
    paid,
    amount: { value: amountValue(r.amount), currency: 'RUB' },
    description: r.description,
    payment_method: method,
    ...(r.status === 'pending' &&
      r.confirmation_type === 'redirect' && {
        confirmation: {
          type: 'redirect',
          confirmation_url: `${origin}${SANDBOX_BASE}/checkout/${r.id}`,
          ...(r.return_url && { return_url: r.return_url }),
        },
      }),
    ...(r.status === 'pending' &&
      r.confirmation_type === 'qr' && {
        confirmation: { type: 'qr', confirmation_data: `${origin}${SANDBOX_BASE}/sbp/${r.id}` },
      }),
    ...(r.cancel_reason && {
      cancellation_details: { party: r.cancel_party ?? 'payment_network', reason: r.cancel_reason },
    }),
    metadata: JSON.parse(r.metadata) as Record<string, string>,
    created_at: new Date(r.created_at * 1000).toISOString(),
    recipient: { account_id: SANDBOX_SHOP.id, gateway_id: SANDBOX_GATEWAY },
    test: true,
    refundable: paid && refunded < r.amount,
    ...(paid && {
      income_amount: { value: amountValue(r.amount - feeOf(r.amount)), currency: 'RUB' },
      ...(r.paid_at && { captured_at: new Date(r.paid_at * 1000).toISOString() }),
    }),
    ...(refunded > 0 && { refunded_amount: { value: amountValue(refunded), currency: 'RUB' } }),
  };
}

/** The sandbox acquirer's fee (what YooKassa keeps of a payment: income_amount is the rest). */
const feeOf = (amount: number) => Math.round((amount * SANDBOX_FEE_PERCENT) / 100);

/** The refund object as YooKassa's API answers it. */
export function toRefund(r: SandboxRefundRow, receipt: boolean) {
  return {
    id: r.id,
    payment_id: r.payment_id,
    status: r.status,
    amount: { value: amountValue(r.amount), currency: 'RUB' },
    ...(r.description && { description: r.description }),
    ...(receipt && { receipt_registration: 'succeeded' }),
    created_at: new Date(r.created_at * 1000).toISOString(),
  };
}
