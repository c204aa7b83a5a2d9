/**
 * A receipt as the viewer reads it (docs/product.md, «Money», "Receipts"): every field of its
 * JSON body — the seller with INN, address and tax system, the items with VAT, the total, the
 * payment method, the buyer — and the fiscal data beside it. Fields are named in Russian where we
 * know them and shown under their own name otherwise, so nothing the body holds is hidden.
 */
import { assertMayPay, type Viewer } from '../../../access/index.ts';
import { d1 } from '../../../db/client.ts';
import { ApiError } from '../../../lib/errors.ts';
import { formatRub } from '../../../shared/money.ts';
import { accountOf, accountBillingTexts as t } from '../shared/index.ts';
import { type ReceiptRow, receiptOf, receiptsOf } from './receipts.repo.ts';

/** One field of a receipt: a value, a group of fields, or a list of groups (the items). */
export type ReceiptField =
  | { label: string; text: string }
  | { label: string; fields: ReceiptField[] }
  | { label: string; list: ReceiptField[][] };

export interface ReceiptView {
  id: string;
  orderId: string;
  kind: string;
  date: string;
  total: string;
  customer: string;
  fields: ReceiptField[];
  fiscal: { label: string; text: string }[];
}

const LABELS: Record<string, string> = {
  seller: 'Продавец',
  company: 'Продавец',
  name: 'Наименование',
  description: 'Наименование',
  inn: 'ИНН',
  address: 'Адрес',
  taxsystem: 'Система налогообложения',
  taxsystemcode: 'Система налогообложения',
  items: 'Позиции',
  quantity: 'Количество',
  price: 'Цена',
  amount: 'Сумма',
  sum: 'Сумма',
  vat: 'НДС',
  vatrate: 'Ставка НДС',
  vatcode: 'Ставка НДС',
  vatamount: 'Сумма НДС',
  paymentsubject: 'Предмет расчёта',
  paymentmode: 'Способ расчёта',
  total: 'Итого',
  totalvat: 'НДС всего',
  vattotal: 'НДС всего',
  paymentmethod: 'Способ оплаты',
  method: 'Способ оплаты',
  customer: 'Покупатель',
  customeremail: 'E-mail покупателя',
  email: 'E-mail',
  phone: 'Телефон',
  date: 'Дата и время',
  datetime: 'Дата и время',
  createdat: 'Дата и время',
  orderid: 'Заказ',
  currency: 'Валюта',
  fiscalstorage: 'ФН',
  fiscalstoragenumber: 'ФН',
  fiscaldocument: 'ФД',
  fiscaldocumentnumber: 'ФД',
  fiscalsign: 'ФП',
  fiscalattribute: 'ФП',
  kind: 'Признак расчёта',
  type: 'Признак расчёта',
};

/** Amounts in kopecks: shown as roubles. */
const MONEY = new Set(['price', 'amount', 'sum', 'total', 'vatamount', 'totalvat', 'vattotal']);
const TIMES = new Set(['date', 'datetime', 'createdat', 'paidat']);

const key = (name: string) => name.replace(/[_\-\s]/g, '').toLowerCase();

const dateTime = new Intl.DateTimeFormat('ru-RU', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Moscow',
});

function text(name: string, value: unknown): string {
  const k = key(name);
  if (typeof value === 'number' && MONEY.has(k) && Number.isInteger(value)) return formatRub(value);
  if (typeof value === 'number' && (k === 'vatrate' || k === 'vat') && value <= 100)
    return `${value}\u00a0%`;
  if (typeof value === 'number' && TIMES.has(k) && value > 1e9)
    return dateTime.format(value * (value < 1e11 ? 1000 : 1));
  if (typeof value === 'boolean') return value ? 'да' : 'нет';
  if (value === null || value === undefined) return '—';
  return String(value);
}

function fieldsOf(object: Record<string, unknown>): ReceiptField[] {
  return Object.entries(object).map(([name, value]) => {
    const label = LABELS[key(name)] ?? name;
    if (Array.isArray(value))
      return {
        label,
        list: value.map((item) =>
          item && typeof item === 'object'
            ? fieldsOf(item as Record<string, unknown>)
            : [{ label, text: text(name, item) }],
        ),
      };
    if (value && typeof value === 'object')
      return { label, fields: fieldsOf(value as Record<string, unknown>) };
    return { label, text: text(name, value) };
  });
}

export function toReceiptView(r: ReceiptRow): ReceiptView {
  let body: unknown;
  try {
    body = JSON.parse(r.body);
  } catch {
    body = { body: r.body };
  }
  return {
    id: r.id,
    orderId: r.orderId,
    kind: r.kind === 'income' ? 'Приход' : 'Возврат прихода',
    date: dateTime.format(r.createdAt * 1000),
    total: formatRub(r.total),
    customer: r.customerContact,
    fields: body && typeof body === 'object' ? fieldsOf(body as Record<string, unknown>) : [],
    fiscal: [
      { label: 'ФН (номер фискального накопителя)', text: r.fiscalStorage ?? '—' },
      { label: 'ФД (номер фискального документа)', text: r.fiscalDocument ?? '—' },
      { label: 'ФП (фискальный признак)', text: r.fiscalSign ?? '—' },
    ],
  };
}

/**
 * The viewer's receipts, newest first (the JSON side of /settings/payments). A kid profile is
 * refused (403 kid_profile) like the page: a receipt shows the account's e-mail.
 */
export async function receiptsFor(viewer: Viewer): Promise<ReceiptRow[]> {
  assertMayPay(viewer);
  const { results } = await receiptsOf(d1(), accountOf(viewer)).all<ReceiptRow>();
  return results;
}

/** One of the viewer's receipts, or 404; refused to a kid profile like the list. */
export async function receiptFor(viewer: Viewer, id: string): Promise<ReceiptRow> {
  assertMayPay(viewer);
  const row = await receiptOf(d1(), accountOf(viewer), id).first<ReceiptRow>();
  if (!row) throw new ApiError(404, t.receiptNotFound, 'receipt_not_found');
  return row;
}
