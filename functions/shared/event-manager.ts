/**
 * Names the event manager's client and the pages share (README, «Event manager»): the API path,
 * the cookies and session-storage keys it keeps, and how the payment pages read a visitor's
 * experiment variants. Pure: safe in islands and scripts.
 */

/** Event-manager API version 8 (docs/product.md, «Numbers»). */
export const EM_EVENTS_PATH = '/api/event-manager/v8/events/';

/** Readable cookie (and query parameter) with the visitor's variants: `offers:new_user,steps:two_step`. */
export const EM_EXPERIMENT_COOKIE = 'em_experiment';
/** Set (cookie and session storage) when the event manager answered other than 200. */
export const EM_REQUEST_FAILED = 'em_request_failed';
/** Readable cookie and session-storage key with the last state-setting event (OfferForNewUser…). */
export const EM_STATE = 'em_state';

/** Session-storage keys of the client. */
export const EM_STORAGE = {
  /** The last answer and its status (docs/product.md: "response and status are also kept"). */
  response: 'em_response',
  status: 'em_status',
  /** Set once, after the first call of the session. */
  initialized: 'em_initialized',
  /** opened_app was reported in this session. */
  openedApp: 'em_opened_app',
  /** The account the last page saw, to tell a new sign-in. */
  account: 'em_account',
  /** Poll state (docs/product.md: poll, submitEvent) and the free-days offer. */
  poll: 'poll',
  submitEvent: 'submitEvent',
  freeDaysOffer: 'freeDaysOffer',
  /** The session flag the free-access page is reached with. */
  freeDaysFlag: 'em_free_days',
  /** The offer an OpenPaywall event carried (paywallSlug, paywallParams, buttonText). */
  offer: 'offer',
  redirected: 'em_redirected',
} as const;

/** The events that only set the stored state value; nothing clears it. */
export const EM_STATE_EVENTS = [
  'OfferForNewUser',
  'OfferForRetention',
  'TwoStepPayment',
  'ThreeStepPayment',
  'Offer2',
  'SbpPaymentButton',
] as const;

/** The default paywall of the experimental redirect (docs/product.md, «Page-level behaviour»). */
export const DEFAULT_PAYWALL_PATH = '/advantages';

/**
 * A visitor's variants from the `em_experiment` cookie (URL-encoded) or query parameter.
 * @example experimentVariants('offers:new_user,steps:three_step') // { offers: 'new_user', steps: 'three_step' }
 */
export function experimentVariants(value: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  let text = value ?? '';
  try {
    text = decodeURIComponent(text);
  } catch {
    // Not encoded: read as it is.
  }
  for (const pair of text.split(',')) {
    const [experiment, variant] = pair.split(':');
    if (experiment && variant && /^[a-z0-9_-]{1,40}$/.test(experiment + variant))
      out[experiment] = variant;
  }
  return out;
}
