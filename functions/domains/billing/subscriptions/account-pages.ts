/**
 * The account's billing pages, each in ONE D1 round trip with the viewer's live session and
 * account (auth's accountPageData): /subscription, /settings/purchase, /settings/payments,
 * /payment-history and the billing sections of /settings.
 */

import { d1 } from '../../../db/client.ts';
import { formatRub } from '../../../shared/money.ts';
import { formatDayMonth } from '../../../shared/ru.ts';
import { accountPageData } from '../../auth/index.ts';
import { watchUrl } from '../../catalogue/index.ts';
import { cardLabel, formatDay } from '../orders/index.ts';
import {
  type PaymentRow,
  paymentHistoryOf,
  paymentHistoryStatements,
  type ReceiptRow,
  type ReceiptView,
  receiptOf,
  receiptsOf,
  toReceiptView,
} from '../receipts/index.ts';
import { accountBillingTexts as t } from '../shared/index.ts';
import { type SavedMethodRow, savedMethodsOf } from './saved-methods.repo.ts';
import {
  billingCounts,
  type RightRow,
  type SubscriptionRow,
  subscriptionsOf,
  titleRightsOf,
} from './subscriptions.repo.ts';
import { nowSeconds, type SubscriptionView, toSubscriptionView } from './subscriptions.ts';

const HOUR = 3600;

/** /subscription: the viewer's subscriptions. */
export async function subscriptionPage(sessionId: string, accountId: number) {
  const page = await accountPageData(sessionId, accountId, (db, id) => [subscriptionsOf(db, id)]);
  if (!page) return null;
  const rows = page.results[0]!.results as unknown as SubscriptionRow[];
  return { live: page.live, subscriptions: rows.map(toSubscriptionView) };
}

/** A rental or purchase as /settings/purchase lists it. */
export interface TitleRightView {
  id: number;
  kind: 'rental' | 'purchase';
  titleId: number;
  title: string;
  url: string;
  product: string;
  /** For a rental: what is left, «Осталось 47 ч» / «Начните до 23 декабря»; null when it is over. */
  hoursLeft: number | null;
  startBy: string | null;
  over: boolean;
}

function toRightView(r: RightRow, now: number): TitleRightView {
  const base = {
    id: r.id,
    kind: r.kind,
    titleId: r.titleId,
    title: r.titleName,
    url: watchUrl(r.titleId),
    product: r.productName,
  };
  if (r.kind === 'purchase') return { ...base, hoursLeft: null, startBy: null, over: false };
  if (r.startedAt === null) {
    const open = r.startsBy !== null && r.startsBy > now;
    return {
      ...base,
      hoursLeft: null,
      startBy: open ? formatDayMonth(r.startsBy! * 1000) : null,
      over: !open,
    };
  }
  const left = (r.expiresAt ?? 0) - now;
  return {
    ...base,
    // Never more than is left: 47 h 59 min is «47 ч»; the last hour shows as 1 h, not 0.
    hoursLeft: left > 0 ? Math.max(1, Math.floor(left / HOUR)) : null,
    startBy: null,
    over: left <= 0,
  };
}

/** /settings/purchase: rentals, purchases and subscriptions. */
export async function purchasePage(sessionId: string, accountId: number) {
  const page = await accountPageData(sessionId, accountId, (db, id) => [
    titleRightsOf(db, id),
    subscriptionsOf(db, id),
  ]);
  if (!page) return null;
  const now = nowSeconds();
  const rights = (page.results[0]!.results as unknown as RightRow[]).map((r) =>
    toRightView(r, now),
  );
  return {
    live: page.live,
    rentals: rights.filter((r) => r.kind === 'rental'),
    purchases: rights.filter((r) => r.kind === 'purchase'),
    subscriptions: (page.results[1]!.results as unknown as SubscriptionRow[]).map(
      toSubscriptionView,
    ),
  };
}

export interface SavedCardView {
  id: number;
  label: string;
  expiry: string | null;
  /** The subscriptions that renew with it. */
  renews: string[];
}

/** /settings/payments: saved cards (with what each renews), receipts, and one receipt opened. */
export function paymentsPage(receiptId: string | null) {
  return async (sessionId: string, accountId: number) => {
    const page = await accountPageData(sessionId, accountId, (db, id) => [
      savedMethodsOf(db, id),
      subscriptionsOf(db, id),
      receiptsOf(db, id),
      ...(receiptId ? [receiptOf(db, id, receiptId)] : []),
    ]);
    if (!page) return null;
    const [methods, subs, receipts, opened] = page.results.map((r) => r.results);
    const subscriptions = (subs as unknown as SubscriptionRow[]).map(toSubscriptionView);
    const cards: SavedCardView[] = (methods as unknown as SavedMethodRow[]).map((m) => ({
      id: m.id,
      label: cardLabel(m),
      expiry: m.expiry,
      renews: subscriptions.filter((s) => s.isRenew && s.card?.id === m.id).map((s) => s.tariff),
    }));
    const openedRow = (opened as unknown as ReceiptRow[] | undefined)?.[0];
    return {
      live: page.live,
      cards,
      receipts: (receipts as unknown as ReceiptRow[]).map((r) => ({
        id: r.id,
        date: formatDay(r.createdAt),
        total: formatRub(r.total),
        refund: r.kind === 'income_return',
      })),
      receipt: openedRow ? toReceiptView(openedRow) : null,
    };
  };
}

export interface PaymentView {
  orderId: string;
  date: string;
  what: string;
  amount: string;
  method: string;
  status: PaymentRow['status'];
  receiptId: string | null;
  kind: PaymentRow['kind'];
  giftEmail: string | null;
  /** The payment was returned (staff, the whole amount): the day, and the return's receipt. */
  refund: { date: string; receiptId: string | null } | null;
}

function toPaymentView(p: PaymentRow): PaymentView {
  const what =
    p.buyType === 'SVOD'
      ? `${p.tariffName}, ${t.period(p.periodDays)}`
      : `${p.tariffName}${p.titleName ? `: «${p.titleName}»` : ''}`;
  return {
    orderId: p.orderId,
    date: formatDay(p.at),
    what,
    amount: formatRub(p.amount),
    method: p.methodTitle ?? p.method,
    status: p.status,
    receiptId: p.receiptId,
    kind: p.kind,
    giftEmail: p.giftEmail,
    refund: p.refundedAt ? { date: formatDay(p.refundedAt), receiptId: p.refundReceiptId } : null,
  };
}

export const PAYMENTS_PAGE_SIZE = 20;

/** /payment-history: the viewer's orders and payments, newest first, a page at a time. */
export function paymentHistoryPage(pageNumber: number) {
  return async (sessionId: string, accountId: number) => {
    const page = await accountPageData(sessionId, accountId, (db, id) =>
      paymentHistoryStatements(db, id, pageNumber, PAYMENTS_PAGE_SIZE),
    );
    if (!page) return null;
    const { rows, total } = paymentHistoryOf([page.results[0]!, page.results[1]!]);
    return {
      live: page.live,
      count: total,
      pages: Math.max(1, Math.ceil(total / PAYMENTS_PAGE_SIZE)),
      payments: rows.map(toPaymentView),
    };
  };
}

/** The billing sections of /settings: subscriptions, and what was rented or bought. */
export async function billingOverview(accountId: number): Promise<{
  subscriptions: SubscriptionView[];
  rentals: number;
  purchases: number;
  cards: number;
}> {
  const db = d1();
  const [subs, counts] = await db.batch([
    subscriptionsOf(db, accountId),
    billingCounts(db, accountId, nowSeconds()),
  ]);
  const c = counts!.results[0] as { rentals: number; purchases: number; cards: number };
  return {
    subscriptions: (subs!.results as unknown as SubscriptionRow[]).map(toSubscriptionView),
    ...c,
  };
}

export type { ReceiptView };
