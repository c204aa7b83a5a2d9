import { d1 } from '../../../db/client.ts';
import { prepare, sql } from '../../../db/sql.ts';
import { periodWords } from '../shared/index.ts';
import type { PaymentMethod } from './payment-methods.ts';

/** A row of `orders` (migrations 0014, 0015). */
export interface OrderRow {
  id: string;
  account_id: number;
  kind: 'purchase' | 'renewal' | 'gift';
  tariff_id: number;
  price_id: number;
  offer_id: number | null;
  title_id: number | null;
  subscription_id: number | null;
  amount: number;
  currency: string;
  method: PaymentMethod | 'saved' | 'free';
  payment_method_id: number | null;
  recurring_consent: number;
  gift_email: string | null;
  status: 'pending' | 'succeeded' | 'canceled';
  cancel_reason: string | null;
  provider: string;
  provider_payment_id: string | null;
  confirmation_url: string | null;
  client_key: string | null;
  promo_code: string | null;
  created_at: number;
  updated_at: number;
  paid_at: number | null;
}

export const orderById = (id: string) =>
  prepare(d1(), sql`SELECT * FROM orders WHERE id = ${id}`).first<OrderRow>();

export const orderByPayment = (providerPaymentId: string) =>
  prepare(
    d1(),
    sql`SELECT * FROM orders WHERE provider_payment_id = ${providerPaymentId}`,
  ).first<OrderRow>();

/** The item's name as the acquirer and the receipt show it. */
export async function describeOrder(
  o: Pick<OrderRow, 'tariff_id' | 'price_id' | 'offer_id' | 'title_id' | 'kind'>,
) {
  const row = await prepare(
    d1(),
    sql`SELECT t.name, t.buy_type AS buyType, p.period_duration AS days,
         (SELECT first_period_days FROM price_offers WHERE id = ${o.offer_id}) AS offerDays,
         (SELECT name FROM titles WHERE id = ${o.title_id}) AS titleName
       FROM tariffs t JOIN tariff_prices p ON p.id = ${o.price_id} WHERE t.id = ${o.tariff_id}`,
  ).first<{
    name: string;
    buyType: string;
    days: number;
    offerDays: number | null;
    titleName: string | null;
  }>();
  if (!row) return 'Оплата';
  const days = row.offerDays ?? row.days;
  const period = periodWords(days);
  const what =
    row.buyType === 'SVOD'
      ? `Подписка «${row.name}» на ${period}`
      : `${row.name}: «${row.titleName ?? ''}»`;
  return o.kind === 'gift' ? `${what} (подарок)` : what;
}
