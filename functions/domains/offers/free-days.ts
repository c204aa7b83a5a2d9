/**
 * The free-days offer (/free-access): the price offer named `free_days` (7 days of the main
 * subscription), taken once by a signed-in viewer who never had a subscription nor free days.
 * The grant is keyed `free_days:<account>`, so two presses at once grant once, and the press whose
 * insert found the key taken is told so (409), like a press after the grant.
 */

import { d1 } from '../../db/client.ts';
import { ApiError } from '../../lib/errors.ts';
import { formatUnit } from '../../shared/ru.ts';
import { nowSeconds } from '../auth/index.ts';
import { daysGrantStatements } from '../grants/index.ts';
import { freeDaysOfferRow } from './repo.ts';
import type { FreeDaysOffer, FreeDaysStatus } from './schemas.ts';
import { offersTexts } from './texts.ts';

interface OfferRow extends FreeDaysOffer {
  tariffId: number;
  productId: number;
  priceId: number;
  taken: number | null;
  subscribed: number | null;
}

const grantKey = (accountId: number) => `free_days:${accountId}`;

function readOffer(accountId: number | null) {
  return freeDaysOfferRow(
    d1(),
    accountId,
    accountId === null ? null : grantKey(accountId),
  ).first<OfferRow>();
}

const statusOf = (row: OfferRow, accountId: number | null): FreeDaysStatus =>
  accountId === null ? 'guest' : row.taken ? 'taken' : row.subscribed ? 'ineligible' : 'eligible';

const offerOf = (row: OfferRow): FreeDaysOffer => ({
  title: row.title,
  description: row.description,
  buttonText: row.buttonText,
  days: row.days,
  tariffName: row.tariffName,
});

/** The offer and whether this account may take it; null when no free-days offer is on sale. */
export async function freeDaysOffer(
  accountId: number | null,
): Promise<{ offer: FreeDaysOffer; status: FreeDaysStatus } | null> {
  const row = await readOffer(accountId);
  return row && { offer: offerOf(row), status: statusOf(row, accountId) };
}

const taken = () => new ApiError(409, offersTexts.freeDays.taken, 'free_days_taken');

/** «7 дней» in words the success message uses. */
export const daysText = (days: number) => formatUnit(days, 'days');

/**
 * Grants the free days to an eligible account, in one batch (the entitlement keyed
 * `free_days:<account>` and the subscription row). 401 for a guest, 409 when it has had a
 * subscription or the free days already, 404 when no offer is on sale.
 */
export async function takeFreeDays(
  accountId: number | null,
  now = nowSeconds(),
): Promise<FreeDaysOffer> {
  if (accountId === null) throw new ApiError(401, offersTexts.freeDays.signIn, 'unauthorized');
  const row = await readOffer(accountId);
  if (!row) throw new ApiError(404, offersTexts.freeDays.unavailable, 'offer_not_found');
  const status = statusOf(row, accountId);
  if (status === 'taken') throw taken();
  if (status === 'ineligible')
    throw new ApiError(409, offersTexts.freeDays.ineligible, 'free_days_ineligible');
  const db = d1();
  const [entitlement] = await db.batch(
    daysGrantStatements(db, {
      accountId,
      tariffId: row.tariffId,
      productId: row.productId,
      priceId: row.priceId,
      days: row.days,
      source: 'free_days',
      grantKey: grantKey(accountId),
      now,
    }),
  );
  // The read above may predate a parallel press's grant: the keyed insert (the batch's first
  // statement) decides which press took the days, so only one answers 200.
  if (!entitlement?.meta.changes) throw taken();
  return offerOf(row);
}
