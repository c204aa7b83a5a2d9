import { canRefund, staffQuery, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { run } from '../../../db/run.ts';
import { config } from '../../../lib/config.ts';
import { ApiError } from '../../../lib/errors.ts';
import { formatRub } from '../../../shared/money.ts';
import { texts } from '../../../shared/texts.ts';
import { receiptBody, receiptStatements } from '../receipts/index.ts';
import { billingTexts as t } from '../shared/index.ts';
import type { ProviderRefund } from './acquirer.ts';
import { orderFacts } from './confirm.repo.ts';
import { describeOrder } from './order-repo.ts';
import { paymentProvider } from './provider.ts';
import {
  claimRefund,
  endPauseOnRefund,
  finishRefund,
  laterPeriods,
  type RefundSubject,
  refundSubject,
  releaseRefund,
  subscriptionAfterRefund,
  takeBackMiles,
  takeBackRight,
} from './refunds.repo.ts';
import { ProviderError } from './yookassa.ts';

/**
 * Refunds (docs/product.md, «Money»): staff return a paid order's whole payment through the
 * acquirer. The order's refund row is claimed first (one per order), the acquirer is asked under
 * the key `refund:<order id>` (one refund however often it is asked), and one batch records the
 * return: the refund finished, its income_return receipt and e-mail, its miles, the right taken
 * back, a subscription's open pause ended and the subscription stopped. Of a subscription's
 * stacked periods only the latest is refunded (409 `not_latest_period` otherwise). A double click or two staff at once refund once; a call cut short is
 * finished by asking again.
 */

export interface RefundView {
  orderId: string;
  accountId: number;
  amount: number;
  status: 'succeeded';
  providerRefundId: string;
  refundedAt: number;
  receiptId: string | null;
}

const now = () => Math.floor(Date.now() / 1000);

/** Staff only: everyone else is answered as if the refund's address did not exist. */
async function assertStaff(viewer: Viewer): Promise<number> {
  const staffId = Number(viewer.account);
  const isStaff =
    viewer.account !== null && Number.isSafeInteger(staffId)
      ? await run(staffQuery(d1(), staffId))
      : false;
  if (!canRefund(viewer, isStaff)) throw new ApiError(404, texts.notFound, 'staff_only');
  return staffId;
}

/**
 * Whether this viewer may refund (staff on an adult profile): the staff page asks before it shows
 * anything.
 * @example if (!(await mayRefund(viewer))) return Astro.rewrite('/404')
 */
export async function mayRefund(viewer: Viewer): Promise<boolean> {
  return assertStaff(viewer).then(
    () => true,
    (e: unknown) => {
      if (e instanceof ApiError) return false;
      throw e;
    },
  );
}

async function subjectOf(orderId: string): Promise<RefundSubject> {
  const o = await refundSubject(d1(), orderId).first<RefundSubject>();
  if (!o) throw new ApiError(404, t.orderNotFound, 'order_not_found');
  return o;
}

const viewOf = (o: RefundSubject): RefundView => ({
  orderId: o.id,
  accountId: o.account_id,
  amount: o.paidAmount ?? o.amount,
  status: 'succeeded',
  providerRefundId: o.providerRefundId ?? '',
  refundedAt: o.refundedAt ?? 0,
  receiptId: o.refundReceiptId,
});

/** An order as the staff refund page shows it: whose, what, how much, and its refund. */
export interface StaffOrderView {
  orderId: string;
  accountId: number;
  what: string;
  amount: number;
  status: RefundSubject['status'];
  kind: RefundSubject['kind'];
  paidAt: number | null;
  refund: RefundView | null;
}

/**
 * The order for the staff refund page (staff only; anyone else gets the 404 of `staff_only`).
 * @example await staffOrder(staffViewer, orderId)
 */
export async function staffOrder(viewer: Viewer, orderId: string): Promise<StaffOrderView> {
  await assertStaff(viewer);
  const o = await subjectOf(orderId);
  return {
    orderId: o.id,
    accountId: o.account_id,
    what: await describeOrder(o),
    amount: o.paidAmount ?? o.amount,
    status: o.status,
    kind: o.kind,
    paidAt: o.paid_at,
    refund: o.refundStatus === 'succeeded' ? viewOf(o) : null,
  };
}

/**
 * Refunds the order's whole payment (staff only). `amount` (kopecks), when given, must be the
 * whole payment: a partial refund is refused (422 `partial_refund`) and changes nothing.
 * @example await refundOrder(staffViewer, { orderId, amount: 59900 })
 */
export async function refundOrder(
  viewer: Viewer,
  input: { orderId: string; amount?: number },
  at = now(),
): Promise<RefundView> {
  const staffId = await assertStaff(viewer);
  const o = await subjectOf(input.orderId);
  if (o.refundStatus === 'succeeded') return viewOf(o);
  if (o.status !== 'succeeded' || !o.paymentId || !o.paidAmount)
    throw new ApiError(409, t.refundNotPaid, 'not_paid');
  if (o.kind === 'gift') throw new ApiError(409, t.refundGift, 'gift_refund');
  if (input.amount !== undefined && input.amount !== o.paidAmount)
    throw new ApiError(
      422,
      t.refundPartial(formatRub(o.paidAmount)),
      'partial_refund',
      {},
      {
        field: 'amount',
      },
    );
  const d = d1();
  // Periods are stacked: a later one keeps this one's days, so the latest is refunded first
  // (docs/product.md, «Money»). Asked before the acquirer, so a refusal changes nothing; a claim
  // already made (a call cut short) may be refunded there, so it is finished whatever came since.
  const later =
    o.refundStatus === 'pending' ? 0 : (await laterPeriods(d, o).first<{ n: number }>())?.n;
  if ((later ?? 0) > 0) throw new ApiError(409, t.refundNotLatest, 'not_latest_period');
  await claimRefund(d, {
    orderId: o.id,
    accountId: o.account_id,
    amount: o.paidAmount,
    staffAccountId: staffId,
    now: at,
  }).run();
  const facts = await run(orderFacts(d, o));
  const name = await describeOrder(o);
  const provider = paymentProvider();
  let refund: ProviderRefund;
  try {
    refund = await provider.refund({
      idempotenceKey: `refund:${o.id}`,
      paymentId: o.paymentId,
      amount: o.paidAmount,
      description: name,
      receipt: facts?.contact
        ? {
            email: facts.contact.includes('@') ? facts.contact : null,
            phone: facts.contact.includes('@') ? null : facts.contact,
            vatRate: facts.vatRate,
          }
        : null,
    });
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    // Refused for good (4xx): the claim goes. Unanswered: it stays, and asking again finishes it.
    if (e.status >= 400 && e.status < 500 && ![401, 403, 429].includes(e.status)) {
      await releaseRefund(d, o.id).run();
      throw new ApiError(409, t.refundRefused, 'refund_refused');
    }
    throw new ApiError(503, t.providerUnavailable, 'provider_unavailable');
  }
  if (refund.status === 'canceled') {
    await releaseRefund(d, o.id).run();
    throw new ApiError(409, t.refundRefused, 'refund_refused');
  }
  if (refund.status !== 'succeeded') throw new ApiError(503, t.refundNotYet, 'refund_pending');
  const fiscal = await provider.fiscalData(o.paymentId, refund.id).catch(() => null);
  const body = facts?.contact
    ? receiptBody({
        kind: 'income_return',
        name,
        amount: o.paidAmount,
        vatRate: facts.vatRate,
        paidAt: at,
        contact: facts.contact,
        siteOrigin: config().siteOrigin,
        fiscal,
      })
    : null;
  await d.batch([
    finishRefund(d, { orderId: o.id, providerRefundId: refund.id, now: at }),
    ...(body
      ? receiptStatements(d, { orderId: o.id, accountId: o.account_id, body, now: at })
      : []),
    takeBackMiles(d, o),
    ...(facts?.buyType === 'SVOD' ? endPauseOnRefund(d, o, at) : []),
    takeBackRight(d, o),
    ...(facts?.buyType === 'SVOD' ? [subscriptionAfterRefund(d, o, at)] : []),
  ]);
  return viewOf(await subjectOf(o.id));
}
