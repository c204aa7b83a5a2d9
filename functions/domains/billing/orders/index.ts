/**
 * Orders and payments (docs/product.md, «Money»): placing an order, the acquirer behind it, its
 * confirmation (rights, receipt, renewal failures), the pay pages, the payment methods' registry
 * and reconciliation. It imports the storefront (prices), the receipts and the shared part.
 * The orders' one entry.
 */

export { cardLabel, formatDay } from './account-format.ts';
export type { PaymentStatus, ProviderPayment } from './acquirer.ts';
export { confirmOrder, handleNotification } from './confirm.ts';
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
  confirmationOf,
  type OrderInput,
  ownOrder,
  type PaymentMethodKind,
  placeOrder,
  returnPath,
  startPayment,
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
export {
  paymentProvider,
  providerName,
  type SandboxAcquirer,
  setSandboxAcquirer,
} from './provider.ts';
export { qrSvg } from './qr.ts';
export { reconcilePending } from './reconcile.ts';
export {
  mayRefund,
  type RefundView,
  refundOrder,
  type StaffOrderView,
  staffOrder,
} from './refunds.ts';
export { RENEWAL } from './renewal-state.ts';
export type { CheckoutInput, Confirmation, PlacedOrder } from './schemas.ts';
export * as orderSchemas from './schemas.ts';
export { quoteAgain } from './supersede.ts';
export { fromYookassa } from './webhook-sources.ts';
