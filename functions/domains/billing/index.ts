/**
 * Billing (docs/product.md, «Money»): what is sold, orders and payments, subscriptions and their
 * renewal, receipts, gifts and promo codes. The domain's one public entry.
 */

export type { ReceiptRow } from './account-billing.repo.ts';

// The viewer's side: subscriptions and renewal, the retention offer, cards, receipts, gifts.
export { cardLabel, formatDay, formatRubles } from './account-format.ts';
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
export { accountBillingTexts } from './account-texts.ts';
export {
  acceptGift,
  chooseGift,
  GIFT_TOKEN,
  type GiftProduct,
  type GiftView,
  giftLink,
  giftPreview,
  giftProductList,
  giftSuccessPage,
  giftsFor,
  giftsPage,
  giftTokenHash,
  newGiftToken,
  resendGift,
} from './gifts.ts';
export { type Grant, type GrantTariff, grantStatements } from './grant.ts';
export {
  type ReceiptField,
  type ReceiptView,
  receiptFor,
  receiptsFor,
  toReceiptView,
} from './receipts.ts';
export {
  type CancelResult,
  cancelRenewal,
  RETENTION_PAYWALL,
  type RetentionOffer,
  retentionOfferFor,
  UNSUBSCRIBE_POLL_PATH,
} from './retention.ts';
export { type CardRemoved, removeSavedCard } from './saved-cards.ts';
export {
  applyRetentionOffer,
  changeRenewal,
  renewalDisabledListeners,
  type SubscriptionView,
  subscriptionFor,
} from './subscriptions.ts';
