import type { Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import type { PageQuery } from '../../../lib/pagination.ts';
import { paymentHistory } from '../receipts/index.ts';
import { accountOf, billingTexts } from '../shared/index.ts';
import { cardLabel } from './account-format.ts';
import { confirmOrder } from './confirm.ts';
import { type OrderRow, savedMethodsAt } from './order-repo.ts';
import { confirmationOf, ownOrder } from './orders.ts';
import { PAYMENT_METHOD_IDS, type PaymentMethod } from './payment-methods.ts';
import { providerName } from './provider.ts';
import type { Confirmation } from './schemas.ts';

/** An order as its owner sees it (`GET /billing/orders/{id}/`, the payment pages). */
export interface OrderView {
  orderId: string;
  kind: OrderRow['kind'];
  status: OrderRow['status'];
  amount: number;
  currency: string;
  method: OrderRow['method'];
  tariffId: number;
  priceId: number;
  titleId: number | null;
  giftEmail: string | null;
  /** Why the acquirer canceled it, and the same in Russian for the viewer. */
  cancelReason: string | null;
  message: string | null;
  confirmation: Confirmation;
  createdAt: number;
  paidAt: number | null;
}

export function orderView(o: OrderRow): OrderView {
  return {
    orderId: o.id,
    kind: o.kind,
    status: o.status,
    amount: o.amount,
    currency: o.currency,
    method: o.method,
    tariffId: o.tariff_id,
    priceId: o.price_id,
    titleId: o.title_id,
    giftEmail: o.gift_email,
    cancelReason: o.cancel_reason,
    message: o.status === 'canceled' ? billingTexts.declined(o.cancel_reason ?? '') : null,
    confirmation: confirmationOf(o),
    createdAt: o.created_at,
    paidAt: o.paid_at,
  };
}

/**
 * The viewer's own order, its payment read again from the acquirer while it is pending (the
 * acquirer's return page and the waiting screen ask this).
 * @example (await checkOrder(viewer, id)).status // 'succeeded'
 */
export async function checkOrder(viewer: Viewer, orderId: string): Promise<OrderView> {
  const own = await ownOrder(viewer, orderId);
  if (own.status !== 'pending') return orderView(own);
  return orderView((await confirmOrder(own.id)) ?? own);
}

/** A line of the payment history as the API gives it (the page shows the same rows). */
export interface PaymentItem {
  orderId: string;
  kind: OrderRow['kind'];
  status: OrderRow['status'];
  amount: number;
  currency: 'RUB';
  methodTitle: string;
  tariffId: number;
  tariffName: string;
  titleId: number | null;
  /** When it was paid; null for an order not (yet) paid. */
  paidAt: number | null;
  receiptId: string | null;
  refundedAt: number | null;
  refundReceiptId: string | null;
}

/**
 * The viewer's payment history, newest first (`GET /billing/visitor-payments/`): the same query
 * as /payment-history (payment-history.ts), every order with its status.
 */
export async function visitorPayments(
  viewer: Viewer,
  { page, page_size }: PageQuery,
): Promise<{ rows: PaymentItem[]; total: number }> {
  const { rows, total } = await paymentHistory(accountOf(viewer), page, page_size);
  return {
    rows: rows.map((r) => ({
      orderId: r.orderId,
      kind: r.kind,
      status: r.status,
      amount: r.amount,
      currency: 'RUB',
      methodTitle: r.methodTitle ?? r.method,
      tariffId: r.tariffId,
      tariffName: r.tariffName,
      titleId: r.titleId,
      paidAt: r.paidAt,
      receiptId: r.receiptId,
      refundedAt: r.refundedAt,
      refundReceiptId: r.refundReceiptId,
    })),
    total,
  };
}

export interface SavedMethod {
  id: number;
  kind: PaymentMethod;
  title: string;
  cardLast4: string | null;
  cardBrand: string | null;
  expiry: string | null;
  /** How every page names it: «Visa •••• 4242», or the acquirer's title (account-format.ts). */
  label: string;
}

/** How this viewer can pay (`GET /billing/options/`, the payment screen). */
export async function paymentOptions(viewer: Viewer) {
  const accountId = accountOf(viewer);
  const { results } = await savedMethodsAt(d1(), accountId, providerName()).all<
    Omit<SavedMethod, 'label'>
  >();
  const savedMethods = results.map((m) => ({ ...m, label: cardLabel(m) }));
  return {
    provider: providerName(),
    methods: [...PAYMENT_METHOD_IDS, ...(savedMethods.length ? (['saved'] as const) : [])],
    savedMethods,
  };
}
