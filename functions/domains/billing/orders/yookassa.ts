import { base64 } from '../../../lib/crypto.ts';
import { amountValue } from '../shared/index.ts';
import type {
  CreatePayment,
  CreateRefund,
  FiscalData,
  PaymentProvider,
  ProviderName,
  ProviderPayment,
  ProviderRefund,
} from './acquirer.ts';
import { PAYMENT_METHODS } from './payment-methods.ts';

export interface YookassaOptions {
  name: ProviderName;
  /** `https://api.yookassa.ru` (the API is under `/v3`), or the sandbox's base. */
  baseUrl: string;
  shopId: string;
  secretKey: string;
  fetch: (request: Request) => Promise<Response>;
  /** How long an answer may take before the call counts as failed (10 s unless set). */
  timeoutMs?: number;
}

/** The acquirer did not answer as its API says (a network failure, a 5xx, a refusal). */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`payment provider: ${status} ${code}`);
  }
}

const encoder = new TextEncoder();

/** YooKassa's vat_code by VAT rate (22 % is code 11 from 2026); tax_system_code 1 is ОСН. */
const VAT_CODES: Record<number, number> = { 0: 2, 10: 3, 20: 4, 22: 11 };

/**
 * A rate without a code is refused, never sent as «без НДС» (code 1): the receipt would state the
 * wrong tax to the fiscal operator.
 */
function vatCode(rate: number): number {
  const code = VAT_CODES[rate];
  if (code === undefined)
    throw new Error(`payment provider: no vat_code for a VAT rate of ${rate} %`);
  return code;
}

/** YooKassa's receipt object for a payment or its refund: one item, the whole amount. */
function receiptOf(
  receipt: NonNullable<CreatePayment['receipt']>,
  description: string,
  amount: number,
) {
  return {
    // YooKassa takes a phone as E.164 digits without the «+» (79000000000).
    customer: receipt.email
      ? { email: receipt.email }
      : { phone: (receipt.phone ?? '').replace(/^\+/, '') },
    tax_system_code: 1,
    items: [
      {
        description: description.slice(0, 128),
        quantity: '1.00',
        amount: { value: amountValue(amount), currency: 'RUB' },
        vat_code: vatCode(receipt.vatRate),
        payment_mode: 'full_payment',
        payment_subject: 'service',
      },
    ],
  };
}

/**
 * The acquirer's answer, or a ProviderError when it does not come in time or the network fails:
 * a checkout must answer the viewer (503, the order left pending for the reconcile sweep) rather
 * than hang until the Worker is cut off or fail with a 500.
 */
async function answerInTime(answer: Promise<Response>, ms: number): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderError(504, 'timeout')), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } catch (e) {
    throw e instanceof ProviderError ? e : new ProviderError(502, 'unreachable');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * YooKassa's API v3 (`POST /v3/payments` and `POST /v3/refunds` with the Idempotence-Key,
 * `GET /v3/payments/{id}`, `GET /v3/receipts?payment_id=|refund_id=`), HTTP Basic with the shop id and secret key.
 * @example yookassaProvider({ name: 'yookassa', baseUrl: 'https://api.yookassa.ru', shopId, secretKey, fetch })
 */
export function yookassaProvider(o: YookassaOptions): PaymentProvider {
  const auth = `Basic ${base64(encoder.encode(`${o.shopId}:${o.secretKey}`))}`;
  async function call<T>(path: string, init: RequestInit = {}): Promise<T | null> {
    const headers = new Headers(init.headers);
    headers.set('authorization', auth);
    headers.set('accept', 'application/json');
    const res = await answerInTime(
      o.fetch(new Request(`${o.baseUrl}/v3${path}`, { ...init, headers })),
      o.timeoutMs ?? 10_000,
    );
    if (res.status === 404) return null;
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      throw new ProviderError(res.status, body.code ?? 'unexpected_answer');
    }
    return (await res.json()) as T;
  }

  return {
    name: o.name,
    async createPayment(p: CreatePayment) {
      const body: Record<string, unknown> = {
        amount: { value: amountValue(p.amount), currency: 'RUB' },
        capture: true,
        description: p.description.slice(0, 128),
        metadata: p.metadata,
      };
      if (p.receipt) body.receipt = receiptOf(p.receipt, p.description, p.amount);
      if ('savedId' in p.method) body.payment_method_id = p.method.savedId;
      else {
        const method = PAYMENT_METHODS[p.method.type];
        body.payment_method_data = { type: method.acquirerType };
        body.save_payment_method = p.savePaymentMethod;
        body.confirmation =
          method.confirmation === 'qr'
            ? { type: 'qr' }
            : { type: 'redirect', return_url: p.returnUrl, locale: 'ru_RU' };
      }
      const payment = await call<ProviderPayment>('/payments', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotence-key': p.idempotenceKey },
        body: JSON.stringify(body),
      });
      if (!payment) throw new ProviderError(404, 'not_found');
      return payment;
    },
    getPayment(id) {
      return call<ProviderPayment>(`/payments/${encodeURIComponent(id)}`);
    },
    async refund(r: CreateRefund) {
      const body: Record<string, unknown> = {
        payment_id: r.paymentId,
        amount: { value: amountValue(r.amount), currency: 'RUB' },
        description: r.description.slice(0, 250),
      };
      // A shop with fiscalisation sends the return's receipt (income_return) with the refund.
      if (r.receipt) body.receipt = receiptOf(r.receipt, r.description, r.amount);
      const refund = await call<ProviderRefund>('/refunds', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotence-key': r.idempotenceKey },
        body: JSON.stringify(body),
      });
      if (!refund) throw new ProviderError(404, 'not_found');
      return refund;
    },
    async fiscalData(paymentId, refundId) {
      const list = await call<{
        items: {
          type?: 'payment' | 'refund';
          status: string;
          fiscal_storage_number?: string;
          fiscal_document_number?: string;
          fiscal_attribute?: string;
          registered_at?: string;
        }[];
      }>(
        refundId
          ? `/receipts?refund_id=${encodeURIComponent(refundId)}`
          : `/receipts?payment_id=${encodeURIComponent(paymentId)}`,
      );
      // A payment's own receipt, not its refund's (both may be listed under the payment).
      const r = list?.items.find(
        (i) =>
          i.status === 'succeeded' && i.fiscal_attribute && (refundId ? true : i.type !== 'refund'),
      );
      if (!r) return null;
      return {
        fiscalStorage: r.fiscal_storage_number ?? '',
        fiscalDocument: r.fiscal_document_number ?? '',
        fiscalSign: r.fiscal_attribute ?? '',
        registeredAt: r.registered_at ?? '',
      } satisfies FiscalData;
    },
  };
}
