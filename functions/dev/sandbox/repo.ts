import { d1 } from '../../db/client.ts';
import { prepare, raw, sql } from '../../db/sql.ts';
import {
  type AcquirerMethodType,
  amountValue,
  type PaymentStatus,
  type ProviderPayment,
} from '../../domains/billing/index.ts';
import { config } from '../../lib/config.ts';
import { SANDBOX_BASE } from './constants.ts';

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
}

export const findPayment = (id: string) =>
  prepare(d1(), sql`SELECT * FROM sandbox_payments WHERE id = ${id}`).first<SandboxRow>();

export const findByKey = (key: string) =>
  prepare(
    d1(),
    sql`SELECT * FROM sandbox_payments WHERE idempotence_key = ${key}`,
  ).first<SandboxRow>();

/** The first paid payment that saved this method: its card is what a later charge uses. */
export const findSavedMethod = (methodId: string) =>
  prepare(
    d1(),
    sql`SELECT * FROM sandbox_payments WHERE method_id = ${methodId} AND method_saved = 1 AND status = 'succeeded'
       ORDER BY created_at LIMIT 1`,
  ).first<SandboxRow>();

/** Inserts a payment unless its idempotence key is known; answers the stored one either way. */
export async function insertPayment(row: SandboxRow): Promise<SandboxRow> {
  const keys = Object.keys(row) as (keyof SandboxRow)[];
  await prepare(
    d1(),
    sql`INSERT INTO sandbox_payments (${raw(keys.join(', '))}) VALUES (${keys.map((k) => row[k])})
       ON CONFLICT (idempotence_key) DO NOTHING`,
  ).run();
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
  const method = {
    type: r.method_type,
    id: r.method_id,
    saved: r.method_saved === 1,
    ...(r.card_last4 && {
      card: {
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
    paid: r.status === 'succeeded',
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
  };
}
