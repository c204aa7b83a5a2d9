/**
 * The storefront (docs/product.md, «Money»): the price list and paywalls, what a visitor holds
 * and may buy, pricing a choice, the steps into paying and the store's texts. It imports only
 * billing's shared part. The storefront's one entry.
 */

export {
  type BillingListQuery,
  type BuyType,
  billingList,
  currentSubscriptions,
  OFFER_NAMES,
  type OfferDto,
  type OfferName,
  type PriceDto,
  SUBSCRIPTION_STATES,
  type SubscriptionState,
  type TariffDto,
  tariffById,
} from './catalogue.ts';
export {
  type ChosenPurchase,
  choosePurchase,
  type PurchaseChoice,
  partnerActivation,
  partnerProducts,
  referralInvite,
} from './flow.ts';
export { type PaymentVariants, paymentVariants } from './payment-variants.ts';
export {
  type PaywallDto,
  paywall,
  retentionPaywall,
  type ViewerPaywall,
  viewerPaywall,
} from './paywalls.ts';
export { type PerMonth, perMonth } from './per-month.ts';
export { type Quote, type QuoteInput, quote } from './pricing.ts';
export {
  type LeadOffer,
  leadOffer,
  NEWCOMER_OFFERS,
  newToTariff,
  type PaymentChoices,
  paymentChoices,
} from './purchase-options.ts';
export * as storefrontSchemas from './schemas.ts';
export { subscribedQuery } from './status.repo.ts';
export { periodText, priceForPeriod, storeTexts, unlockTexts } from './store-texts.ts';
export { type SchemaOffer, titleOffers } from './structured-data.ts';
export {
  fittingPaywall,
  type VisitorAccess,
  type VisitorPurchase,
  visitorAccess,
  visitorPurchases,
  watchPaywall,
} from './visitor.ts';
