/**
 * Billing (docs/product.md, «Money»): what is sold, orders and payments, subscriptions and their
 * renewal, receipts, gifts and promo codes. The domain's one public entry.
 */

// Payments: the acquirer, orders, confirmation, receipts, renewals (the payment engine).
export { confirmOrder, handleNotification } from './confirm.ts';
export { type Grant, type GrantTariff, grantStatements } from './grant.ts';
export { formatKopecks } from './money.ts';
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
export { type OfferName, type Quote, type QuoteInput, quote } from './pricing.ts';
export { paymentProvider, providerName } from './provider.ts';
export { qrSvg } from './qr.ts';
export { type ReceiptBody, receiptBody } from './receipts.ts';
export { RENEWAL } from './renewal-state.ts';
export { runRenewals } from './renewals.ts';
export { sandboxApp } from './sandbox/app.ts';
export { TEST_CARDS } from './sandbox/constants.ts';
export { setSandboxWebhook } from './sandbox/notify.ts';
export { billingTexts, cancelReasons, payPageTexts } from './texts.ts';
