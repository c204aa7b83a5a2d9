import { formatDayMonthYear } from '../../../shared/ru.ts';
import { isPaymentMethod, PAYMENT_METHODS } from './payment-methods.ts';

/**
 * A unix time as a day of the Moscow calendar: «24 декабря 2026».
 * @example formatDay(1_798_059_600) // '24 декабря 2026'
 */
export function formatDay(seconds: number): string {
  return formatDayMonthYear(seconds * 1000);
}

/** A saved card's name as the viewer knows it: «Visa •••• 4242», or the acquirer's title. */
export function cardLabel(m: {
  title: string;
  kind: string;
  cardBrand: string | null;
  cardLast4: string | null;
}): string {
  if (isPaymentMethod(m.kind) && PAYMENT_METHODS[m.kind].card && m.cardLast4)
    return `${m.cardBrand ?? 'Карта'} •••• ${m.cardLast4}`;
  return m.title;
}
