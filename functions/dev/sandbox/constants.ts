/** Where the sandbox acquirer lives (development only): its API under `/v3`, its pages beside it. */
export const SANDBOX_BASE = '/dev/yookassa';

/** The sandbox's shop: fixed, development-only credentials (the real ones are secrets). */
export const SANDBOX_SHOP = { id: 'sandbox-shop', secret: 'sandbox-secret-key' } as const;

/** The gateway the sandbox's shop is paid through (a payment's `recipient.gateway_id`). */
export const SANDBOX_GATEWAY = 'sandbox-gateway';

/** The acquirer's fee in percent: a paid payment's `income_amount` is what is left of it. */
export const SANDBOX_FEE_PERCENT = 3.5;

/** The 3-D Secure code the sandbox's bank accepts. */
export const SANDBOX_3DS_CODE = '123456';

type CardOutcome =
  | { outcome: 'success' }
  | { outcome: '3ds' }
  | { outcome: 'decline'; reason: string };

export interface TestCard {
  number: string;
  brand: 'MasterCard' | 'Visa' | 'Mir';
  /** What paying with it on the card page does. */
  first: CardOutcome;
  /** What a later charge of the saved card (a renewal) does. */
  later: 'success' | 'insufficient_funds';
  label: string;
}

/** The sandbox's test cards (README, «Payments»); any future expiry date and any CVC. */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '5555555555554477',
    brand: 'MasterCard',
    first: { outcome: 'success' },
    later: 'success',
    label: 'успешная оплата',
  },
  {
    number: '4000000000003063',
    brand: 'Visa',
    first: { outcome: '3ds' },
    later: 'success',
    label: '3-D Secure (код 123456)',
  },
  {
    number: '5555555555554592',
    brand: 'MasterCard',
    first: { outcome: 'decline', reason: 'insufficient_funds' },
    later: 'insufficient_funds',
    label: 'отказ: недостаточно средств',
  },
  {
    number: '4000000000000069',
    brand: 'Visa',
    first: { outcome: 'decline', reason: 'card_expired' },
    later: 'insufficient_funds',
    label: 'отказ: истёк срок действия карты',
  },
  {
    number: '2200000000000004',
    brand: 'Mir',
    first: { outcome: 'success' },
    later: 'insufficient_funds',
    label: 'оплата проходит, а продление — нет (недостаточно средств)',
  },
];

export const testCard = (number: string) =>
  TEST_CARDS.find((c) => c.number === number.replace(/\D/g, ''));
