import { prepare, raw, sql } from '../../../db/sql.ts';
import type { FiscalData, ReceiptBody } from './receipts.ts';
/**
 * D1 of the viewer's payments and receipts. Each function answers one prepared statement so a
 * page can put several in one batch; every one is scoped by the account.
 */

/** One order of the payment history, with its payment and receipt when there are. */
export interface PaymentRow {
  orderId: string;
  kind: 'purchase' | 'renewal' | 'gift';
  status: 'pending' | 'succeeded' | 'canceled';
  amount: number;
  method: string;
  methodTitle: string | null;
  tariffId: number;
  tariffName: string;
  buyType: 'SVOD' | 'TVOD' | 'EST';
  periodDays: number;
  titleId: number | null;
  titleName: string | null;
  giftEmail: string | null;
  /** When it was paid, else when it was placed. */
  at: number;
  /** When it was paid; null for an order not (yet) paid. */
  paidAt: number | null;
  receiptId: string | null;
  /** When the payment was refunded (staff, the whole amount); null when it was not. */
  refundedAt: number | null;
  /** The refund's receipt (income_return). */
  refundReceiptId: string | null;
}

/**
 * The orders the history lists: all but one the viewer started again (superseded, migration 0023)
 * that was never paid. That one is no payment of theirs, however the acquirer ends it; paid late,
 * it is listed as paid.
 */
const listed = sql`(o.superseded_at IS NULL OR o.status = 'succeeded')`;

export function paymentsOf(
  db: D1Database,
  accountId: number,
  limit: number,
  offset: number,
): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT o.id AS orderId, o.kind, o.status, coalesce(p.amount, o.amount) AS amount, o.method,
         coalesce(p.method_title, pm.title) AS methodTitle, o.tariff_id AS tariffId, t.name AS tariffName, t.buy_type AS buyType,
         tp.period_duration AS periodDays, o.title_id AS titleId, ti.name AS titleName,
         o.gift_email AS giftEmail, coalesce(p.paid_at, o.created_at) AS at, p.paid_at AS paidAt,
         (SELECT r.id FROM receipts r WHERE r.order_id = o.id AND r.kind = 'income') AS receiptId,
         (SELECT rf.refunded_at FROM refunds rf WHERE rf.order_id = o.id AND rf.status = 'succeeded') AS refundedAt,
         (SELECT r.id FROM receipts r WHERE r.order_id = o.id AND r.kind = 'income_return') AS refundReceiptId
       FROM orders o
       JOIN tariffs t ON t.id = o.tariff_id
       JOIN tariff_prices tp ON tp.id = o.price_id
       LEFT JOIN payments p ON p.order_id = o.id
       LEFT JOIN payment_methods pm ON pm.id = o.payment_method_id
       LEFT JOIN titles ti ON ti.id = o.title_id
       WHERE o.account_id = ${accountId} AND ${listed}
       ORDER BY at DESC, o.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
}

export function paymentsCount(db: D1Database, accountId: number): D1PreparedStatement {
  return prepare(
    db,
    sql`SELECT count(*) AS n FROM orders o WHERE o.account_id = ${accountId} AND ${listed}`,
  );
}

/** A receipt as stored: its JSON body and the fiscal data beside it. */
export interface ReceiptRow {
  id: string;
  orderId: string;
  kind: 'income' | 'income_return';
  customerContact: string;
  body: string;
  total: number;
  fiscalStorage: string | null;
  fiscalDocument: string | null;
  fiscalSign: string | null;
  createdAt: number;
}

const RECEIPT_SELECT = `SELECT id, order_id AS orderId, kind, customer_contact AS customerContact, body, total,
    fiscal_storage AS fiscalStorage, fiscal_document AS fiscalDocument, fiscal_sign AS fiscalSign,
    created_at AS createdAt FROM receipts`;

export function receiptsOf(db: D1Database, accountId: number, limit = 50): D1PreparedStatement {
  return prepare(
    db,
    sql`${raw(RECEIPT_SELECT)} WHERE account_id = ${accountId} ORDER BY created_at DESC, id LIMIT ${limit}`,
  );
}

export function receiptOf(db: D1Database, accountId: number, id: string): D1PreparedStatement {
  return prepare(db, sql`${raw(RECEIPT_SELECT)} WHERE account_id = ${accountId} AND id = ${id}`);
}

/**
 * A payment's income receipt, or its refund's income_return, once per order and kind: a second
 * confirmation (or refund) writes nothing.
 */
export function insertReceipt(
  d: D1Database,
  orderId: string,
  accountId: number,
  b: ReceiptBody,
  now: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`INSERT INTO receipts (id, order_id, account_id, kind, customer_contact, body, total,
         fiscal_storage, fiscal_document, fiscal_sign, created_at)
       VALUES (${crypto.randomUUID()}, ${orderId}, ${accountId}, ${b.kind}, ${b.customerContact}, ${JSON.stringify(b)}, ${b.total}, ${b.fiscal.storageNumber}, ${b.fiscal.documentNumber}, ${b.fiscal.sign}, ${now})
       ON CONFLICT (order_id, kind) DO NOTHING`,
  );
}

/**
 * Payments' receipts since then still without the fiscal operator's data, whose payment the
 * acquirer holds (a refund's receipt gets its data when the refund is made: asked by the payment,
 * the acquirer would answer the payment's).
 */
export function fiscalDataMissing(
  d: D1Database,
  since: number,
  limit: number,
): D1PreparedStatement {
  return prepare(
    d,
    sql`SELECT r.id, o.provider_payment_id AS paymentId FROM receipts r
       JOIN orders o ON o.id = r.order_id
       WHERE r.fiscal_sign IS NULL AND r.kind = 'income' AND r.created_at > ${since} AND o.provider_payment_id IS NOT NULL
       ORDER BY r.created_at LIMIT ${limit}`,
  );
}

/** A receipt's fiscal data, in its row and its JSON body, once. */
export function setFiscalData(d: D1Database, id: string, fiscal: FiscalData): D1PreparedStatement {
  return prepare(
    d,
    sql`UPDATE receipts SET fiscal_storage = ${fiscal.fiscalStorage}, fiscal_document = ${fiscal.fiscalDocument}, fiscal_sign = ${fiscal.fiscalSign},
         body = json_set(body, '\$.fiscal.storageNumber', ${fiscal.fiscalStorage}, '\$.fiscal.documentNumber', ${fiscal.fiscalDocument},
           '\$.fiscal.sign', ${fiscal.fiscalSign})
       WHERE id = ${id} AND fiscal_sign IS NULL`,
  );
}
