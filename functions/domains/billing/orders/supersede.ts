import type { Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { promoReleaseStatements } from '../../promo/index.ts';
import { accountOf } from '../shared/index.ts';
import { type Quote, type QuoteInput, quote } from '../storefront/index.ts';
import { offerReleaseStatement } from './offer-claims.repo.ts';
import { type Purchase, supersededStatement, waitingOrders } from './supersede.repo.ts';

/**
 * Starting a purchase again (docs/product.md, «Money»): a viewer who left the acquirer's page
 * without paying and starts the same purchase (tariff, title, gift or not) again gets a new order
 * that supersedes the earlier ones still waiting for them. The acquirer cannot cancel a payment
 * that awaits its payer, so the earlier order stays pending there; here it gives back what it held
 * (a code's use, an offer's claim) in the new order's batch and leaves the payment history. A
 * payment the acquirer still takes for it is confirmed and grants as any other, and takes back
 * the use and the claim from the new order while that one waits (confirm.ts).
 */

/** An earlier order the new one supersedes, with the code whose use it holds. */
export interface WaitingOrder {
  id: string;
  promoCode: string | null;
}

/** A price for this viewer as starting again gives it: the holds of the earlier orders count as free. */
export interface QuoteAgain {
  quote: Quote;
  earlier: WaitingOrder[];
}

const purchaseOf = (accountId: number, input: QuoteInput): Purchase => ({
  accountId,
  kind: input.gift ? 'gift' : 'purchase',
  tariffId: input.tariffId,
  titleId: input.titleId ?? null,
});

/**
 * Prices a purchase (storefront's `quote`) as if the account's earlier orders of it, still waiting
 * for their payer, had given back what they hold: the payment screen, the basket and the order
 * all see the code and the offer the new order will have.
 * @example const { quote, earlier } = await quoteAgain(viewer, { tariffId: 1, priceId: 1, promoCode: 'HALF' })
 */
export async function quoteAgain(viewer: Viewer, input: QuoteInput): Promise<QuoteAgain> {
  // A guest has no earlier orders; quote refuses whoever may not pay.
  const accountId = viewer.account ? accountOf(viewer) : null;
  const earlier =
    accountId === null
      ? []
      : (await waitingOrders(d1(), purchaseOf(accountId, input)).all<WaitingOrder>()).results;
  const q = await quote(viewer, { ...input, releasing: earlier.map((o) => o.id) });
  return { quote: q, earlier };
}

/**
 * For the batch that places the new order, after its insert and before its own reservations: each
 * earlier order gives back its code's use and its offer's claim, then is marked superseded. Each
 * statement runs only while that order is pending (a late payment confirmed meanwhile keeps what it
 * holds), and the releases key on the rows it holds, so of two restarts at once it gives back once.
 */
export function supersedeStatements(
  d: D1Database,
  earlier: readonly WaitingOrder[],
  accountId: number,
  newOrderId: string,
  now: number,
): D1PreparedStatement[] {
  return earlier.flatMap((o) => [
    ...(o.promoCode ? promoReleaseStatements(d, o.promoCode, accountId, o.id) : []),
    offerReleaseStatement(d, o.id),
    supersededStatement(d, { orderId: o.id, by: newOrderId, now }),
  ]);
}
