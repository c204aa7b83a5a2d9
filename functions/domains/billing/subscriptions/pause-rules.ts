import { ApiError } from '../../../lib/errors.ts';
import { accountBillingTexts as t } from '../shared/index.ts';
import { PAUSE_MAX_DAYS, PAUSE_MIN_DAYS, PAUSES_PER_WINDOW } from './pauses.repo.ts';
import type { SubscriptionRow } from './subscriptions.repo.ts';

/**
 * The pause rules of /info/freezing (docs/product.md, «Money»), read by the subscription's view
 * (may it be paused?) and by pausing (why not?). The same limits guard the pause's insert in SQL
 * (pauses.repo.ts), so parallel requests cannot pass them together.
 */

export { PAUSE_MAX_DAYS, PAUSE_MIN_DAYS };

/**
 * Why this subscription may not be paused for `days` now (/info/freezing), or null when it may.
 * The order is the viewer's: what the subscription is before what its limits are.
 */
export function pauseRefusal(row: SubscriptionRow, days: number, now: number): ApiError | null {
  const paused = row.status === 'paused' && row.pausedUntil !== null && row.pausedUntil > now;
  if (paused) return new ApiError(409, t.pauseAlready, 'subscription_paused');
  if (row.status !== 'active' && row.status !== 'paused')
    return new ApiError(409, t.pauseNotActive, 'subscription_not_active');
  if (row.isRenew !== 1) return new ApiError(409, t.pauseNeedsRenewal, 'renewal_off');
  if (row.periodKind !== 'paid') return new ApiError(409, t.pauseNotPaid, 'pause_not_allowed');
  if (row.periodDays < 30) return new ApiError(409, t.pauseShortPeriod, 'pause_not_allowed');
  if (row.pausesUsed >= PAUSES_PER_WINDOW)
    return new ApiError(409, t.pauseTooOften, 'pause_limit_reached');
  const left = PAUSE_MAX_DAYS - row.pauseDaysUsed;
  if (left < PAUSE_MIN_DAYS) return new ApiError(409, t.pauseTooLong(left), 'pause_limit_reached');
  if (days > left) return new ApiError(422, t.pauseTooLong(left), 'pause_days_exceeded');
  return null;
}
