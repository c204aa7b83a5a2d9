import { d1 } from '../../../db/client.ts';
import { type PaymentRow, paymentsCount, paymentsOf } from './receipts.repo.ts';

/**
 * The viewer's payment history, one query for everyone who shows it: /payment-history (in the
 * page's one round trip with the session check) and `GET /billing/visitor-payments/`. Every
 * order, newest first, with its status, its payment when there is one, and its receipt.
 */
export interface PaymentHistory {
  rows: PaymentRow[];
  total: number;
}

/** The history's statements, for a caller that batches them with its own (the account pages). */
export function paymentHistoryStatements(
  db: D1Database,
  accountId: number,
  page: number,
  pageSize: number,
): [D1PreparedStatement, D1PreparedStatement] {
  return [paymentsOf(db, accountId, pageSize, (page - 1) * pageSize), paymentsCount(db, accountId)];
}

/** The history from the results of `paymentHistoryStatements`, in their order. */
export function paymentHistoryOf(
  results: [D1Result<unknown>, D1Result<unknown>, ...unknown[]],
): PaymentHistory {
  const [list, count] = results;
  return {
    rows: list.results as PaymentRow[],
    total: Number((count.results[0] as { n: number } | undefined)?.n ?? 0),
  };
}

/**
 * One page of an account's history, in one round trip.
 * @example const { rows, total } = await paymentHistory(42, 1, 20)
 */
export async function paymentHistory(
  accountId: number,
  page: number,
  pageSize: number,
): Promise<PaymentHistory> {
  const db = d1();
  const [list, count] = await db.batch(paymentHistoryStatements(db, accountId, page, pageSize));
  return paymentHistoryOf([list!, count!]);
}
