/**
 * Receipts and the payment history (docs/product.md, «Money»): the 54-FZ receipt of a payment,
 * its e-mail and its page, and the account's orders with their receipts. It imports only
 * billing's shared part. The receipts' one entry.
 */

export {
  type PaymentHistory,
  paymentHistory,
  paymentHistoryOf,
  paymentHistoryStatements,
} from './payment-history.ts';
export {
  type ReceiptField,
  type ReceiptView,
  receiptFor,
  receiptsFor,
  toReceiptView,
} from './receipt-view.ts';
export {
  fiscalDataMissing,
  type PaymentRow,
  type ReceiptRow,
  receiptOf,
  receiptsOf,
  setFiscalData,
} from './receipts.repo.ts';
export {
  type FiscalData,
  type ReceiptBody,
  receiptBody,
  receiptMail,
  receiptStatements,
} from './receipts.ts';
export * as receiptSchemas from './schemas.ts';
