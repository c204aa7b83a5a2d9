import { storeTexts as t } from './texts.ts';

/**
 * The purchase flow's one heading (the <h1> and the <title>), the same on each of its steps
 * (/payment's tariff and period, /payment-type's method): it names only what every step already
 * knows — a gift, a flow that started from a title (which may sell a rental or a purchase), else a
 * subscription — never the tariff, which the viewer may still change.
 * @example purchaseHeading({ titleId: 2, isGift: false }) // 'Оформление покупки'
 */
export function purchaseHeading(flow: { titleId: number | null; isGift: boolean }): string {
  if (flow.isGift) return t.giftTitle;
  return flow.titleId ? t.purchaseTitle : t.paymentTitle;
}

/** The flow's page title: its heading and the site's name. */
export const purchasePageTitle = (flow: { titleId: number | null; isGift: boolean }) =>
  `${purchaseHeading(flow)} | Амедиатека`;
