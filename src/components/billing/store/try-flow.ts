/**
 * The try-the-product button's flow (docs/product.md, «How things change»): read the session's
 * backPath; when it mentions the partner channel (hbo-max), ask the billing list for that
 * channel's id only; request the SVOD billing list; below 400, store its first result, and when
 * that has a paywall_slug, fetch the paywall by slug and store it too (below 400); set onboarding
 * to 'true'. A 400+ answer or an empty list stores nothing. The buttons are plain links to
 * /advantages (no script on the pages they sit on); /advantages runs the flow as it opens, with
 * the page the visitor left (the referrer) saved as the last page first.
 */
import { isPaymentFlowPath, TRY_FLOW_KEYS } from '../../../../functions/shared/purchase-flow.ts';
import { PARTNER_CHANNEL } from '../../../../functions/shared/subscription-status.ts';

/** What the flow asks of the API: a GET's status and JSON (the api client's `get`). */
export type TryGet = (
  path: string,
  params?: Record<string, string>,
) => Promise<{ status: number; data: unknown }>;

interface Listed {
  results?: { paywall_slug?: string | null }[];
}

/**
 * Runs the flow's requests and writes what it learned into `storage`; never throws.
 * @example await tryFlow(sessionStorage, (p, q) => api.get(p, { params: q }))
 */
export async function tryFlow(storage: Storage, get: TryGet): Promise<void> {
  try {
    const backPath = storage.getItem(TRY_FLOW_KEYS.backPath) ?? '';
    const params: Record<string, string> = { buy_type: 'SVOD' };
    if (backPath.includes(PARTNER_CHANNEL.slug)) params.ids = String(PARTNER_CHANNEL.productId);
    const list = await get('/billing/tariffs/', params);
    const first = list.status < 400 ? (list.data as Listed | null)?.results?.[0] : undefined;
    if (!first) return;
    const stored: { billingProduct: unknown; paywall: unknown } = {
      billingProduct: first,
      paywall: null,
    };
    storage.setItem(TRY_FLOW_KEYS.billingUrl, `/billing/tariffs/?${new URLSearchParams(params)}`);
    if (first.paywall_slug) {
      const paywall = await get(`/billing/paywall/${encodeURIComponent(first.paywall_slug)}/`);
      if (paywall.status < 400) stored.paywall = paywall.data;
    }
    storage.setItem(TRY_FLOW_KEYS.tryBtnFlow, JSON.stringify(stored));
    storage.setItem(TRY_FLOW_KEYS.onboarding, 'true');
  } catch {
    // A network failure is like a 400+: nothing stored, the button still leads to /advantages.
  }
}

/**
 * The page the visitor left for /advantages is the last page (unless it is on a payment-flow path,
 * which is never saved): the flow's backPath, so «Попробовать» on the partner's pages asks for the
 * partner's product. Only a page of this site counts.
 */
export function rememberLastPage(storage: Storage, referrer: string, origin: string) {
  if (!referrer.startsWith(`${origin}/`)) return;
  const path = referrer.slice(origin.length);
  if (!isPaymentFlowPath(path.split(/[?#]/)[0] ?? path))
    storage.setItem(TRY_FLOW_KEYS.backPath, path);
}
