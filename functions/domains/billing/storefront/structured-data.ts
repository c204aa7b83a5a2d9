import { amountValue } from '../shared/index.ts';
import type { TariffDto } from './catalogue.ts';

/** A schema.org Offer: one way to pay for a title on its own, a rental or a purchase. */
export interface SchemaOffer {
  '@type': 'Offer';
  name: string;
  category: 'rental' | 'purchase';
  /** GoodRelations' business function, schema.org's own way to tell leasing from selling. */
  businessFunction: string;
  price: string;
  priceCurrency: 'RUB';
  availability: 'https://schema.org/InStock';
  url: string;
  /** A rental's length once started. */
  eligibleDuration?: { '@type': 'QuantitativeValue'; value: number; unitCode: 'HUR' };
}

const LEASE_OUT = 'http://purl.org/goodrelations/v1#LeaseOut';
const SELL = 'http://purl.org/goodrelations/v1#Sell';

/**
 * A title's rentals and purchases as schema.org offers, at the price its page states (each tariff's
 * first price, as «how to watch» shows it to a guest); subscriptions are not offers of the title.
 * Prices are in roubles with kopecks (`'299.00'`). The tariffs are those on sale for the title,
 * the same for every viewer, so a page shared at the edge may carry them.
 * @example titleOffers(access.tariffs, url).map((o) => o.category) // ['rental', 'purchase']
 */
export function titleOffers(tariffs: readonly TariffDto[], url: string): SchemaOffer[] {
  return tariffs.flatMap((t): SchemaOffer[] => {
    const first = t.prices[0];
    if (t.buy_type === 'SVOD' || !first) return [];
    const rental = t.buy_type === 'TVOD';
    return [
      {
        '@type': 'Offer',
        name: t.name,
        category: rental ? 'rental' : 'purchase',
        businessFunction: rental ? LEASE_OUT : SELL,
        price: amountValue(first.price),
        priceCurrency: 'RUB',
        availability: 'https://schema.org/InStock',
        url,
        ...(rental && t.rental
          ? {
              eligibleDuration: {
                '@type': 'QuantitativeValue',
                value: t.rental.window_seconds / 3600,
                unitCode: 'HUR',
              },
            }
          : {}),
      },
    ];
  });
}
