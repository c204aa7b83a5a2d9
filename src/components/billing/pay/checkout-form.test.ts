import { describe, expect, it } from 'vitest';
import type { PurchaseFlow } from '../../../../functions/domains/billing/index.ts';
import { billingTexts, payPageTexts } from '../../../../functions/domains/billing/index.ts';
import { readCheckoutForm } from './checkout-form.ts';

const flow: PurchaseFlow = {
  tariffId: 1,
  priceId: 2,
  isGift: false,
  isHBO: false,
  titleId: null,
  offer: null,
  promo: null,
};
const KEY = 'form-key-0001';
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the /payment-type form read as the checkout API reads its body', () => {
  it('a ticked method, the consent and the form key make the order to place', () => {
    const read = readCheckoutForm(
      form({ method: 'sbp', recurringConsent: '1', clientKey: KEY }),
      flow,
    );
    expect(read).toMatchObject({
      ok: true,
      input: { tariffId: 1, priceId: 2, method: 'sbp', recurringConsent: true, clientKey: KEY },
      shown: { method: 'sbp', consent: true, giftEmail: '' },
    });
  });

  it('the SBP button pays by SBP whatever is ticked; an unknown method is the default one', () => {
    const quick = readCheckoutForm(
      form({ method: 'bank_card', quick: 'sbp', clientKey: KEY }),
      flow,
    );
    expect(quick.ok && quick.input.method).toBe('sbp');
    const odd = readCheckoutForm(form({ method: 'cash', clientKey: KEY }), flow);
    expect(odd.ok && odd.input.method).toBe('bank_card');
  });

  it('a saved card is charged by its id; an id that names no card is a card no longer saved', () => {
    const saved = readCheckoutForm(form({ method: 'saved:7', clientKey: KEY }), flow);
    expect(saved.ok && [saved.input.method, saved.input.paymentMethodId]).toEqual(['saved', 7]);
    expect(readCheckoutForm(form({ method: 'saved:0', clientKey: KEY }), flow)).toMatchObject({
      ok: false,
      error: billingTexts.savedMethodNotFound,
      field: null,
    });
  });

  it('a gift needs its e-mail, told under the field; a form without its key is stale', () => {
    const gift = { ...flow, isGift: true };
    expect(readCheckoutForm(form({ giftEmail: ' x@ ', clientKey: KEY }), gift)).toMatchObject({
      ok: false,
      error: payPageTexts.giftEmailWrong,
      field: 'giftEmail',
      shown: { giftEmail: 'x@' },
    });
    const given = readCheckoutForm(form({ giftEmail: ' a@example.ru ', clientKey: KEY }), gift);
    expect(given.ok && given.input.giftEmail).toBe('a@example.ru');
    expect(readCheckoutForm(form({ clientKey: 'short' }), flow)).toMatchObject({
      ok: false,
      error: payPageTexts.staleForm,
      field: null,
    });
    // The gift's e-mail is told first, as the field the payer can mend.
    expect(readCheckoutForm(form({ giftEmail: '' }), gift)).toMatchObject({ field: 'giftEmail' });
  });
});
