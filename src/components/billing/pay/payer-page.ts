import type { AstroGlobal } from 'astro';
import type { Viewer } from '../../../../functions/access/index.ts';
import { requireLiveSession } from '../../../../functions/domains/auth/index.ts';
import { orderSchemas } from '../../../../functions/domains/billing/index.ts';
import { paramOf } from '../../../../functions/lib/index.ts';
import { signedInIds, toSignIn } from '../../../lib/account-page.ts';
import { pageViewer } from '../../../lib/viewer.ts';

/**
 * What the payment pages (/payment-type, /payment/redirect, /success) begin with: the paying
 * viewer, or the way to sign in and come back to the same address (a Response to return).
 * @example const payer = payerOrSignIn(Astro); if (payer instanceof Response) return payer;
 */
export function payerOrSignIn(Astro: AstroGlobal): Viewer | Response {
  const ids = signedInIds(Astro);
  if (!ids)
    return toSignIn(
      Astro,
      `/auth?backPath=${encodeURIComponent(Astro.url.pathname + Astro.url.search)}`,
    );
  // After a silent session renewal the page's viewer may not know the account yet: the ids do.
  return { ...pageViewer(Astro), account: String(ids.accountId) };
}

/**
 * The payer of a form that places an order: the session's live row decides the account and the
 * profile (a token issued before a switch to a kid profile still names the adult one), so the
 * order is refused as the API's checkout refuses it. Throws the 401 envelope for an ended session.
 * @example const placed = await placeOrder(await livePayer(Astro), input);
 */
export async function livePayer(Astro: AstroGlobal): Promise<Viewer> {
  const live = await requireLiveSession(Astro.locals.edge);
  return { ...pageViewer(Astro), account: String(live.accountId) };
}

/**
 * The order a payment page is about: `orderId` in the query, else the flow's `paymentOrderId`
 * cookie; null when neither looks like an order id.
 */
export function orderIdOf(Astro: AstroGlobal): string | null {
  const id = Astro.url.searchParams.get('orderId') ?? Astro.cookies.get('paymentOrderId')?.value;
  return paramOf(orderSchemas.orderId, id);
}
