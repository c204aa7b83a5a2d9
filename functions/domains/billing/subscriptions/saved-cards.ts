/**
 * Removing a saved card (docs/product.md, «Money»): the card is no longer charged, and every
 * subscription that renewed with it stops renewing (its page says the card was removed), in one
 * batch so no renewal can pick a removed card.
 */
import { assertMayPay, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { accountOf, accountBillingTexts as t } from '../shared/index.ts';
import { removeSavedMethod } from './saved-methods.repo.ts';
import { nowSeconds } from './subscriptions.ts';

export interface CardRemoved {
  id: number;
  /** The subscriptions that stopped renewing. */
  stopped: { id: number; tariff: string }[];
}

/**
 * @example const { stopped } = await removeSavedCard(viewer, 7) // [{ id: 3, tariff: 'Амедиатека' }]
 */
export async function removeSavedCard(viewer: Viewer, id: number): Promise<CardRemoved> {
  assertMayPay(viewer);
  const db = d1();
  const [removed, stopped] = await db.batch(
    removeSavedMethod(db, accountOf(viewer), id, nowSeconds()),
  );
  if (removed!.results.length === 0)
    throw new ApiError(404, t.cardNotFound, 'payment_method_not_found');
  const subs = (stopped!.results as { id: number; tariffName: string }[]).map((s) => ({
    id: s.id,
    tariff: s.tariffName,
  }));
  return { id, stopped: subs };
}
