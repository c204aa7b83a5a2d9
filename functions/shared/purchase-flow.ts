/**
 * The purchase flow's cookies and query (docs/product.md, «What we keep»): readable by the page
 * (not HttpOnly), path /, SameSite=Lax, cleared on logout. Pure, island-safe.
 */
export const PURCHASE_COOKIES = {
  tariffId: 'tariffId',
  /** The chosen tariff_prices.id (the spec's name). */
  subscriptionId: 'subscriptionId',
  tariffType: 'tariffType',
  isGift: 'isGift',
  paymentOrderId: 'paymentOrderId',
  isHBO: 'isHBO',
} as const;

/** Every purchase-flow cookie, for the logout list. */
export const PURCHASE_COOKIE_NAMES: readonly string[] = Object.values(PURCHASE_COOKIES);

/** How long a chosen tariff is remembered on its way to /payment-type: a day is plenty. */
export const PURCHASE_COOKIE_SECONDS = 86_400;

/** Where the payment method is chosen (the next step after /payment). */
export const PAYMENT_TYPE_PATH = '/payment-type';

/**
 * Session-storage keys of the try-the-product flow (docs/product.md, «What we keep»): the billing
 * request it made, what it stored (`tryBtnFlow`: the first SVOD tariff and its paywall) and the
 * onboarding mark /advantages reads.
 */
export const TRY_FLOW_KEYS = {
  backPath: 'backPath',
  billingUrl: 'billingUrl',
  tryBtnFlow: 'tryBtnFlow',
  onboarding: 'onboarding',
} as const;

/**
 * Payment-flow paths of docs/product.md, «Screens and routes» (auth, code, advantages, paywall, payment, payment
 * redirect, payment type, poll, success, gift success, free access): no support widget there.
 * @example isPaymentFlowPath('/paywall/retention') // true
 */
export function isPaymentFlowPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (
    /^\/(auth|code|advantages|paywall|payment|payment\/redirect|payment-type|poll|success|gifts\/success|free-access)(\/|$)/.test(
      path,
    ) || /^\/(code|settings|settings\/support|gifts|activate)\/auth$/.test(path)
  );
}
