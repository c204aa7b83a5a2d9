/**
 * Billing (docs/product.md, «Money»): what is sold, orders and payments, subscriptions and their
 * renewal, receipts, gifts. Promo codes (functions/domains/promo) and the granting of rights
 * (functions/domains/grants) are domains of their own. The domain's one public entry.
 */

export type { ReceiptRow } from './account-billing.repo.ts';
// The viewer's side: subscriptions and renewal, the retention offer, cards, receipts, gifts.
export { cardLabel, formatDay } from './account-format.ts';
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
// Payments: the acquirer, orders, confirmation, receipts, renewals (the payment engine).
export type { PaymentStatus, ProviderPayment } from './acquirer.ts';
// The storefront: price list, paywalls, what the viewer holds, the steps into paying (STORE).
export {
  type BillingListQuery,
  type BuyType,
  billingList,
  currentSubscriptions,
  type OfferDto,
  type PaywallDto,
  type PriceDto,
  paywall,
  retentionPaywall,
  SUBSCRIPTION_STATES,
  type SubscriptionState,
  type TariffDto,
  tariffById,
} from './catalogue.ts';
export { confirmOrder, handleNotification } from './confirm.ts';
export {
  type ChosenPurchase,
  choosePurchase,
  newToTariff,
  OFFER_NAMES,
  type PurchaseChoice,
  partnerActivation,
  partnerProducts,
  referralInvite,
} from './flow.ts';
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
// Kopecks and YooKassa's amount values (the sandbox acquirer speaks them too).
export { amountValue, kopecksOf } from './money.ts';
export { type OrderRow, orderById } from './order-repo.ts';
export {
  checkOrder,
  type OrderView,
  orderView,
  type PaymentItem,
  paymentOptions,
  type SavedMethod,
  visitorPayments,
} from './order-views.ts';
export {
  accountOf,
  type Confirmation,
  confirmationOf,
  type OrderInput,
  ownOrder,
  type PaymentMethodKind,
  type PlacedOrder,
  placeOrder,
  returnPath,
} from './orders.ts';
export {
  type PaymentScreen,
  type PurchaseFlow,
  paymentScreen,
  purchaseFlow,
  type SuccessScreen,
  successScreen,
} from './pay-pages.ts';
// The payment methods' registry: a new way to pay starts here.
export {
  ACQUIRER_METHOD_TYPES,
  type AcquirerMethodType,
  confirmationKind,
  DEFAULT_PAYMENT_METHOD,
  isPaymentMethod,
  methodOfAcquirer,
  orderMethodSchema,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  type PaymentMethod,
  paymentMethodSchema,
} from './payment-methods.ts';
export { type PaymentVariants, paymentVariants } from './payment-variants.ts';
export { type OfferName, type Quote, type QuoteInput, quote } from './pricing.ts';
export {
  paymentProvider,
  providerName,
  type SandboxAcquirer,
  setSandboxAcquirer,
} from './provider.ts';
export { qrSvg } from './qr.ts';
export {
  type ReceiptField,
  type ReceiptView,
  receiptFor,
  receiptsFor,
  toReceiptView,
} from './receipt-view.ts';
export { type ReceiptBody, receiptBody } from './receipts.ts';
export { reconcilePending } from './reconcile.ts';
export { RENEWAL } from './renewal-state.ts';
export { runRenewals } from './renewals.ts';
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
  type CheckoutInput,
  checkoutSchema,
  offerNameSchema,
  orderIdSchema,
  promoParam,
  receiptIdSchema,
} from './schemas.ts';
export { periodText, priceForPeriod, storeTexts, unlockTexts } from './store-texts.ts';
export {
  applyRetentionOffer,
  changeRenewal,
  type SubscriptionView,
  subscriptionFor,
} from './subscriptions.ts';
export { billingTexts, cancelReasons, payPageTexts } from './texts.ts';
export {
  fittingPaywall,
  type VisitorAccess,
  type VisitorPurchase,
  visitorAccess,
  visitorPurchases,
  watchPaywall,
} from './visitor.ts';
export { fromYookassa } from './webhook-sources.ts';
