import {
  billingTexts,
  type CheckoutInput,
  DEFAULT_PAYMENT_METHOD,
  isPaymentMethod,
  orderSchemas,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  type PurchaseFlow,
  payPageTexts as t,
} from '../../../../functions/domains/billing/index.ts';

/** What the form showed the payer, to show again after a refusal. */
export interface CheckoutFormShown {
  method: string;
  giftEmail: string;
  consent: boolean;
}

/** The form read: the order to place, or why not (its message, and the field it is under). */
export type CheckoutForm = { shown: CheckoutFormShown } & (
  | { ok: true; input: CheckoutInput }
  | { ok: false; error: string; field: 'giftEmail' | null }
);

/** A saved card's radio button names it `saved:<id>`. */
const SAVED = 'saved:';

/**
 * The /payment-type form with the purchase flow, read as `POST /billing/checkout/` reads its body
 * (`orderSchemas.checkoutBody`): the same rules, in the page's words. The SBP experiment's button pays by SBP
 * whatever method is ticked; a method the registry does not know is the default one.
 * @example const read = readCheckoutForm(await Astro.request.formData(), flow);
 */
export function readCheckoutForm(data: FormData, flow: PurchaseFlow): CheckoutForm {
  const quick = PAYMENT_METHOD_IDS.find(
    (id) => PAYMENT_METHODS[id].quickButton && data.get('quick') === id,
  );
  const choice = quick ?? String(data.get('method') ?? DEFAULT_PAYMENT_METHOD);
  const saved = choice.startsWith(SAVED) ? choice.slice(SAVED.length) : null;
  const shown = {
    method: choice,
    giftEmail: String(data.get('giftEmail') ?? '').trim(),
    consent: data.get('recurringConsent') === '1',
  };
  const parsed = orderSchemas.checkoutBody.safeParse({
    tariffId: flow.tariffId,
    priceId: flow.priceId,
    offer: flow.offer,
    titleId: flow.titleId,
    method: saved !== null ? 'saved' : isPaymentMethod(choice) ? choice : DEFAULT_PAYMENT_METHOD,
    paymentMethodId: saved !== null ? Number(saved) : null,
    recurringConsent: shown.consent,
    giftEmail: flow.isGift ? shown.giftEmail : null,
    promoCode: flow.promo,
    clientKey: String(data.get('clientKey') ?? ''),
  });
  if (parsed.success) return { shown, ok: true, input: parsed.data };
  const wrong = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  if (wrong.has('giftEmail'))
    return { shown, ok: false, error: t.giftEmailWrong, field: 'giftEmail' };
  if (wrong.has('clientKey')) return { shown, ok: false, error: t.staleForm, field: null };
  // A saved card's id that names no card is one the account no longer has.
  if (wrong.has('paymentMethodId'))
    return { shown, ok: false, error: billingTexts.savedMethodNotFound, field: null };
  // Anything else the flow's own fields broke: the page was made from a flow that no longer holds.
  return { shown, ok: false, error: t.staleForm, field: null };
}
