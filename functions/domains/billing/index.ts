/**
 * Billing (docs/product.md, «Money»): what is sold, orders and payments, subscriptions and their
 * renewal, receipts, gifts and promo codes. The domain's one public entry.
 */

// The storefront: price list, paywalls, what the viewer holds, the steps into paying (STORE).
export {
  type BillingListQuery,
  type BuyType,
  billingList,
  currentSubscriptions,
  type OfferDto,
  type OfferName,
  type PaywallDto,
  type PriceDto,
  paywall,
  retentionPaywall,
  SUBSCRIPTION_STATES,
  type SubscriptionState,
  type TariffDto,
  tariffById,
} from './catalogue.ts';
export {
  type ChosenPurchase,
  choosePurchase,
  OFFER_NAMES,
  type PurchaseChoice,
  partnerActivation,
  partnerProducts,
  referralInvite,
} from './flow.ts';
export { type Grant, type GrantTariff, grantStatements } from './grant.ts';
export { periodText, priceForPeriod, storeTexts, unlockTexts } from './store-texts.ts';
export {
  fittingPaywall,
  type VisitorAccess,
  type VisitorPurchase,
  visitorAccess,
  visitorPurchases,
  watchPaywall,
} from './visitor.ts';
