/**
 * Promo codes to try locally (README, «Promo codes»), and later the polls and the event
 * manager's rules and experiments. Stored typeset, as the CMS would write them.
 */
import { typeset } from '../../lib/typeset.ts';
import { insertIgnore } from './sql.ts';

const DAY = 86_400;
/** Codes are valid from 2024 to 2100: the demo never runs out of them. */
const FROM = 1_704_067_200;
const TILL = 4_102_444_800;

export const promoCodes = [
  {
    code: 'AMEDIA30',
    kind: 'promo',
    tariff_id: 1,
    days: 30,
    discount_percent: null,
    max_uses: 1_000_000,
    valid_from: FROM,
    valid_till: TILL,
    title: 'Месяц Амедиатеки в подарок',
    description: '30 дней подписки уже ваши. Приятного просмотра!',
    button_text: 'Смотреть',
  },
  {
    code: 'HBOMAX7',
    kind: 'voucher',
    tariff_id: 2,
    days: 7,
    discount_percent: null,
    max_uses: 1_000_000,
    valid_from: FROM,
    valid_till: TILL,
    title: 'Неделя HBO Max',
    description: '7 дней подписки HBO Max активированы',
    button_text: 'Смотреть',
  },
  {
    code: 'HALFPRICE',
    kind: 'promo',
    tariff_id: 1,
    days: null,
    discount_percent: 50,
    max_uses: 1_000_000,
    valid_from: FROM,
    valid_till: TILL,
    title: 'Скидка 50 % на первый месяц',
    description: 'Скидка применится при оплате подписки Амедиатека',
    button_text: 'Перейти к оплате',
  },
  {
    code: 'EXPIRED2024',
    kind: 'promo',
    tariff_id: 1,
    days: 30,
    discount_percent: null,
    max_uses: 1_000,
    valid_from: FROM,
    valid_till: FROM + 30 * DAY,
    title: 'Месяц Амедиатеки в подарок',
    description: '',
    button_text: 'Смотреть',
  },
];

export function offersSql(): string {
  const texts = <T extends Record<string, unknown>>(row: T): T => {
    const out: Record<string, unknown> = { ...row };
    for (const key of ['title', 'description', 'button_text'])
      if (typeof out[key] === 'string') out[key] = typeset(out[key] as string);
    return out as T;
  };
  return [insertIgnore('promo_codes', promoCodes.map(texts))].join('\n');
}
