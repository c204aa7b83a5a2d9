import { describe, expect, it } from 'vitest';
import { purchaseFlow } from './pay-pages.ts';

/** The flow /payment-type reads from the given cookies and query. */
const flow = (cookies: Record<string, string>, query = '') =>
  purchaseFlow((name) => cookies[name], new URLSearchParams(query));

describe('the purchase flow as /payment-type reads it', () => {
  it('takes the cookies /payment and /gifts set and the link’s query', () => {
    expect(
      flow(
        { tariffId: '2', subscriptionId: '7', isGift: '1', isHBO: '1' },
        'contentId=42&offer=retention&promo=%20HALFPRICE%20',
      ),
    ).toEqual({
      tariffId: 2,
      priceId: 7,
      isGift: true,
      isHBO: true,
      titleId: 42,
      offer: 'retention',
      promo: 'HALFPRICE',
    });
  });

  it('leaves out whatever the API’s schemas refuse', () => {
    for (const id of ['', '0', '-3', 'abc', '1e1', '0x1F', ' 1', '+1', '1.5', '2147483649'])
      expect(flow({ tariffId: id, subscriptionId: id }, `contentId=${id}`)).toMatchObject({
        tariffId: null,
        priceId: null,
        titleId: null,
      });
    expect(flow({ isGift: 'true', isHBO: '0' })).toMatchObject({ isGift: false, isHBO: false });
    for (const offer of ['', 'NEW_USER', 'other'])
      expect(flow({}, `offer=${offer}`).offer).toBeNull();
    for (const promo of ['', '   ', 'ПРОМО', 'a b', 'x'.repeat(65), 'a;b'])
      expect(flow({}, `promo=${encodeURIComponent(promo)}`).promo).toBeNull();
    expect(flow({})).toEqual({
      tariffId: null,
      priceId: null,
      isGift: false,
      isHBO: false,
      titleId: null,
      offer: null,
      promo: null,
    });
  });

  it('reads an id as the API does, up to 2^31 and in plain decimal digits', () => {
    expect(flow({ tariffId: '007', subscriptionId: '2147483648' })).toMatchObject({
      tariffId: 7,
      priceId: 2147483648,
    });
  });
});
