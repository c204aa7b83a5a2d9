import type { FiscalData } from '../receipts/index.ts';
import type { AcquirerMethodType, PaymentMethod } from './payment-methods.ts';

export type { FiscalData };

/**
 * The acquirer as billing sees it (docs/product.md, «Money»): create a payment under an
 * idempotence key, read a payment back, read a payment's fiscal receipt. Shapes follow YooKassa's
 * API v3, the acquirer we use; the local sandbox speaks the same API.
 */

export type PaymentStatus = 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled';

export interface ProviderCard {
  first6?: string;
  last4: string;
  card_type: string;
  expiry_month: string;
  expiry_year: string;
}

export interface ProviderMethod {
  type: AcquirerMethodType;
  id: string;
  saved: boolean;
  card?: ProviderCard;
}

export type ProviderConfirmation =
  | { type: 'redirect'; confirmation_url: string; return_url?: string }
  | { type: 'qr'; confirmation_data: string };

/** A payment as the acquirer answers it (YooKassa's payment object, the fields we read). */
export interface ProviderPayment {
  id: string;
  status: PaymentStatus;
  paid: boolean;
  amount: { value: string; currency: string };
  description?: string;
  payment_method?: ProviderMethod;
  confirmation?: ProviderConfirmation;
  cancellation_details?: { party: string; reason: string };
  metadata?: Record<string, string>;
  created_at: string;
  /** What the shop gets after the acquirer's fee (a paid payment). */
  income_amount?: { value: string; currency: string };
  refunded_amount?: { value: string; currency: string };
  /** Whether any of it can still be refunded. */
  refundable?: boolean;
  test?: boolean;
  recipient?: { account_id: string; gateway_id: string };
  captured_at?: string;
}

/**
 * A refund of a paid payment (YooKassa's `POST /v3/refunds`): the whole amount, with the 54-FZ
 * receipt of the return (income_return) that the acquirer's fiscal service registers.
 */
export interface CreateRefund {
  /** One refund per key however often it is asked (`refund:<order id>`). */
  idempotenceKey: string;
  paymentId: string;
  amount: number;
  description: string;
  receipt: CreatePayment['receipt'];
}

/** A refund as the acquirer answers it (YooKassa's refund object, the fields we read). */
export interface ProviderRefund {
  id: string;
  payment_id: string;
  status: 'pending' | 'succeeded' | 'canceled';
  amount: { value: string; currency: string };
  created_at: string;
  description?: string;
  cancellation_details?: { party: string; reason: string };
}

export interface CreatePayment {
  /** The order id: the acquirer makes one payment per key however often it is asked. */
  idempotenceKey: string;
  amount: number;
  description: string;
  /** A new method the viewer enters on the acquirer's page, or a saved one charged without them. */
  method: { type: PaymentMethod } | { savedId: string };
  /** Redirect (card) or QR (SBP) confirmation; none for a saved method. */
  returnUrl: string | null;
  savePaymentMethod: boolean;
  metadata: Record<string, string>;
  /**
   * The 54-FZ receipt the acquirer's fiscal service registers: the buyer's contact (the e-mail, or
   * the E.164 phone of an account without one) and the VAT rate.
   */
  receipt: { email: string | null; phone: string | null; vatRate: number } | null;
}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'yookassa';
  createPayment(request: CreatePayment): Promise<ProviderPayment>;
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** The fiscal data of a payment's receipt, or with `refundId` of that refund's receipt. */
  fiscalData(paymentId: string, refundId?: string): Promise<FiscalData | null>;
  refund(request: CreateRefund): Promise<ProviderRefund>;
}

export type ProviderName = PaymentProvider['name'];
