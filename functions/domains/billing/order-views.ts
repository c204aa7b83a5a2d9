import type { Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import { cardLabel } from './account-format.ts';
import { confirmOrder } from './confirm.ts';
import type { OrderRow } from './order-repo.ts';
import { accountOf, type Confirmation, confirmationOf, ownOrder } from './orders.ts';
import { providerName } from './provider.ts';
import { billingTexts } from './texts.ts';

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

export interface PaymentItem {
  orderId: string;
  kind: OrderRow['kind'];
  amount: number;
  currency: 'RUB';
  methodTitle: string;
  tariffId: number;
  tariffName: string;
  titleId: number | null;
  paidAt: number;
}

/** The viewer's payments, newest first (`GET /billing/visitor-payments/`). */
export async function visitorPayments(
  viewer: Viewer,
  { page, page_size }: PageQuery,
): Promise<{ rows: PaymentItem[]; total: number }> {
  const accountId = accountOf(viewer);
  const d = d1();
  const [list, count] = await d.batch<Record<string, unknown>>([
    d
      .prepare(
        `SELECT p.order_id AS orderId, o.kind, p.amount, 'RUB' AS currency, p.method_title AS methodTitle,
           o.tariff_id AS tariffId, t.name AS tariffName, o.title_id AS titleId, p.paid_at AS paidAt
         FROM payments p JOIN orders o ON o.id = p.order_id JOIN tariffs t ON t.id = o.tariff_id
         WHERE p.account_id = ?1 ORDER BY p.paid_at DESC, p.order_id LIMIT ?2 OFFSET ?3`,
      )
      .bind(accountId, page_size, (page - 1) * page_size),
    d.prepare('SELECT count(*) AS n FROM payments WHERE account_id = ?').bind(accountId),
  ]);
  return {
    rows: (list?.results ?? []) as unknown as PaymentItem[],
    total: Number(count?.results[0]?.n ?? 0),
  };
}

export interface SavedMethod {
  id: number;
  kind: 'bank_card' | 'sbp';
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
  const { results } = await d1()
    .prepare(
      `SELECT id, kind, title, card_last4 AS cardLast4, card_brand AS cardBrand, expiry
       FROM payment_methods WHERE account_id = ? AND deleted_at IS NULL AND provider = ?
       ORDER BY created_at DESC, id DESC`,
    )
    .bind(accountId, providerName())
    .all<Omit<SavedMethod, 'label'>>();
  const savedMethods = results.map((m) => ({ ...m, label: cardLabel(m) }));
  return {
    provider: providerName(),
    methods: ['bank_card', 'sbp', ...(savedMethods.length ? ['saved'] : [])] as const,
    savedMethods,
  };
}
