import { formatRub } from '../../../shared/money.ts';
import { OPERATOR, SITE_NAME } from '../../../shared/site.ts';
import { type OutgoingMessage, outboxStatement, templates } from '../../messages/index.ts';
import { insertReceipt } from './receipts.repo.ts';

/**
 * Receipts with what 54-FZ asks (docs/product.md, «Money»): the seller (name, INN, address, tax
 * system), date and time, the item (name, quantity, price, VAT rate and amount, payment subject
 * «услуга», payment mode «полная оплата»), the total, the payment method, the buyer's contact and
 * the fiscal data the fiscal operator gave back.
 */

export const TAX_SYSTEM = 'ОСН';

/** The fiscal data a receipt gets back from the fiscal operator (null until it is registered). */
export interface FiscalData {
  fiscalStorage: string;
  fiscalDocument: string;
  fiscalSign: string;
  registeredAt: string;
}

export interface ReceiptItem {
  name: string;
  quantity: number;
  /** Kopecks per unit, VAT included. */
  price: number;
  amount: number;
  vatRate: number;
  vatAmount: number;
  paymentSubject: 'услуга';
  paymentMode: 'полная оплата';
}

export interface ReceiptBody {
  /** A payment (приход) or its refund (возврат прихода). */
  kind: 'income' | 'income_return';
  operation: 'Приход' | 'Возврат прихода';
  seller: { name: string; inn: string; address: string; taxSystem: string; site: string };
  /** ISO 8601 with the Moscow offset, and the same as people read it. */
  dateTime: string;
  dateTimeText: string;
  items: ReceiptItem[];
  total: number;
  vatTotal: number;
  paymentMethod: 'электронными';
  customerContact: string;
  fiscal: {
    storageNumber: string | null;
    documentNumber: string | null;
    sign: string | null;
  };
}

/** VAT inside a price that includes it: 599 ₽ at 22 % holds 108.02 ₽. */
export const vatOf = (amount: number, rate: number) => Math.round((amount * rate) / (100 + rate));

const moscow = new Intl.DateTimeFormat('ru-RU', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Moscow',
});

export function receiptBody(r: {
  /** A refund's receipt (income_return); a payment's unless set. */
  kind?: ReceiptBody['kind'];
  name: string;
  amount: number;
  vatRate: number;
  paidAt: number;
  contact: string;
  siteOrigin: string;
  fiscal: FiscalData | null;
}): ReceiptBody {
  const vatAmount = vatOf(r.amount, r.vatRate);
  const at = new Date((r.paidAt + 3 * 3600) * 1000).toISOString().replace('Z', '+03:00');
  const kind = r.kind ?? 'income';
  return {
    kind,
    operation: kind === 'income' ? 'Приход' : 'Возврат прихода',
    seller: {
      name: OPERATOR.name,
      inn: OPERATOR.inn,
      address: OPERATOR.address,
      taxSystem: TAX_SYSTEM,
      site: r.siteOrigin,
    },
    dateTime: at,
    dateTimeText: moscow.format(r.paidAt * 1000),
    items: [
      {
        name: r.name,
        quantity: 1,
        price: r.amount,
        amount: r.amount,
        vatRate: r.vatRate,
        vatAmount,
        paymentSubject: 'услуга',
        paymentMode: 'полная оплата',
      },
    ],
    total: r.amount,
    vatTotal: vatAmount,
    paymentMethod: 'электронными',
    customerContact: r.contact,
    fiscal: {
      storageNumber: r.fiscal?.fiscalStorage ?? null,
      documentNumber: r.fiscal?.fiscalDocument ?? null,
      sign: r.fiscal?.fiscalSign ?? null,
    },
  };
}

/**
 * The receipt as an e-mail (`receipt:<orderId>`, a refund's `receipt-return:<orderId>`, delivers
 * it once).
 */
export function receiptMail(orderId: string, b: ReceiptBody): OutgoingMessage {
  const item = b.items[0]!;
  const refund = b.kind === 'income_return';
  return templates.email(
    {
      channel: 'email',
      to: b.customerContact,
      idempotencyKey: `${refund ? 'receipt-return' : 'receipt'}:${orderId}`,
    },
    'payment_receipt',
    `Кассовый чек ${SITE_NAME}${refund ? ' (возврат)' : ''}: ${formatRub(b.total)}`,
    [
      refund
        ? `Мы вернули вам ${formatRub(b.total)}. Ваш кассовый чек (${b.operation.toLowerCase()}):`
        : `Спасибо за оплату! Ваш кассовый чек (${b.operation.toLowerCase()}):`,
      [
        `${b.seller.name}, ИНН ${b.seller.inn}`,
        `Адрес: ${b.seller.address}`,
        `Система налогообложения: ${b.seller.taxSystem}`,
        `Место расчётов: ${b.seller.site}`,
        `Дата и время: ${b.dateTimeText}`,
      ].join('\n'),
      [
        `${item.name}`,
        `Количество: ${item.quantity} × ${formatRub(item.price)} = ${formatRub(item.amount)}`,
        `НДС ${item.vatRate} %: ${formatRub(item.vatAmount)}`,
        `Предмет расчёта: ${item.paymentSubject}; способ расчёта: ${item.paymentMode}`,
      ].join('\n'),
      [
        `Итого: ${formatRub(b.total)}, в том числе НДС ${formatRub(b.vatTotal)}`,
        `Оплачено: ${b.paymentMethod}`,
        `Покупатель: ${b.customerContact}`,
      ].join('\n'),
      [
        `ФН № ${b.fiscal.storageNumber ?? 'будет присвоен'}`,
        `ФД № ${b.fiscal.documentNumber ?? 'будет присвоен'}`,
        `ФП ${b.fiscal.sign ?? 'будет присвоен'}`,
      ].join('\n'),
    ],
  );
}

/** The receipt row and its e-mail, for the batch that records the payment or its refund. */
export function receiptStatements(
  d: D1Database,
  r: { orderId: string; accountId: number; body: ReceiptBody; now: number },
): D1PreparedStatement[] {
  const b = r.body;
  const statements = [insertReceipt(d, r.orderId, r.accountId, b, r.now)];
  if (b.customerContact.includes('@'))
    statements.push(outboxStatement(d, receiptMail(r.orderId, b)));
  return statements;
}
