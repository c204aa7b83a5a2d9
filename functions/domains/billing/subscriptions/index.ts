/**
 * Subscriptions (docs/product.md, «Money»): the viewer's subscriptions and their renewal, the
 * retention offer, saved cards, the account's billing pages and the renewal job, which charges
 * through orders. It imports orders, the storefront, the receipts and the shared part.
 * The subscriptions' one entry.
 */

export {
  billingOverview,
  PAYMENTS_PAGE_SIZE,
  type PaymentView,
  paymentHistoryPage,
  paymentsPage,
  purchasePage,
  type SavedCardView,
  subscriptionPage,
  type TitleRightView,
} from './account-pages.ts';
export { pauseSubscription, resumeSubscription } from './pauses.ts';
export { runRenewals } from './renewals.ts';
export {
  type CancelResult,
  cancelRenewal,
  RETENTION_PAYWALL,
  type RetentionOffer,
  retentionOfferFor,
  retentionPaywallPath,
  UNSUBSCRIBE_POLL_PATH,
} from './retention.ts';
export { type CardRemoved, removeSavedCard } from './saved-cards.ts';
export * as subscriptionSchemas from './schemas.ts';
export {
  applyRetentionOffer,
  changeRenewal,
  type SubscriptionView,
  subscriptionFor,
} from './subscriptions.ts';
