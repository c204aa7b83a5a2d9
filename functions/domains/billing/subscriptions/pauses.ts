/**
 * Pausing a subscription (docs/product.md, «Money»; /info/freezing): the viewer freezes a running,
 * renewing, paid subscription for 7 to 90 days, at most twice and 90 days in 12 months. The pause
 * starts at once; meanwhile its catalogue does not play (rentals and purchases do), it is not
 * charged, and its paid-up date and next charge move by the pause. A renewal charge already at the
 * acquirer refuses the pause until it ends, so no charge lands inside one. It ends by itself on its day
 * (the renewal job) or earlier with «Возобновить», which moves the dates back by the days not
 * used; those days still count against the limits.
 */
import { assertMayPay, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { accountOf, accountBillingTexts as t } from '../shared/index.ts';
import { pauseRefusal } from './pause-rules.ts';
import {
  endLapsedPauses,
  pauseStatements,
  renewalPendingOf,
  resumeStatements,
} from './pauses.repo.ts';
import { type SubscriptionRow, subscriptionOf } from './subscriptions.repo.ts';
import { nowSeconds, type SubscriptionView, toSubscriptionView } from './subscriptions.ts';

const notFound = () => new ApiError(404, t.subscriptionNotFound, 'subscription_not_found');

/**
 * Pauses the viewer's subscription for `days` (7 to 90, checked by the schema) from now, once
 * however many requests arrive together; answers it paused, or refuses (409, 422) changing nothing.
 * @example await pauseSubscription(viewer, 12, 14) // status 'paused', paid-up date 14 days later
 */
export async function pauseSubscription(
  viewer: Viewer,
  id: number,
  days: number,
): Promise<SubscriptionView> {
  assertMayPay(viewer);
  const db = d1();
  const accountId = accountOf(viewer);
  const now = nowSeconds();
  const pauseId = crypto.randomUUID();
  const results = await db.batch([
    ...endLapsedPauses(db, now, id),
    ...pauseStatements(db, { pauseId, accountId, subscriptionId: id, days, now }),
    renewalPendingOf(db, id),
    subscriptionOf(db, accountId, id, now),
  ]);
  const inserted = results[2]!.meta.changes > 0;
  const row = results.at(-1)!.results[0] as SubscriptionRow | undefined;
  if (!row) throw notFound();
  if (inserted) return toSubscriptionView(row, now);
  // Nothing was written: say why, from the subscription as it is now.
  const refusal = pauseRefusal(row, days, now);
  if (refusal) throw refusal;
  const pending = (results.at(-2)!.results[0] as { pending: number } | undefined)?.pending;
  if (pending) throw new ApiError(409, t.pauseRenewalPending, 'renewal_pending');
  throw new ApiError(409, t.pauseAlready, 'subscription_paused');
}

/**
 * «Возобновить»: ends the viewer's running pause now. The days not used are taken off the paid-up
 * date and the next charge again; a second resume changes nothing (409).
 * @example await resumeSubscription(viewer, 12)
 */
export async function resumeSubscription(viewer: Viewer, id: number): Promise<SubscriptionView> {
  assertMayPay(viewer);
  const db = d1();
  const accountId = accountOf(viewer);
  const now = nowSeconds();
  const results = await db.batch([
    ...endLapsedPauses(db, now, id),
    ...resumeStatements(db, accountId, id, now),
    subscriptionOf(db, accountId, id, now),
  ]);
  const row = results.at(-1)!.results[0] as SubscriptionRow | undefined;
  if (!row) throw notFound();
  if (results.at(-2)!.results.length === 0) throw new ApiError(409, t.notPaused, 'not_paused');
  return toSubscriptionView(row, now);
}
