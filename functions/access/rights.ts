import type { ParentalAgeLimit } from '../db/parental-schema.ts';
import type { Entitlement, Rights } from './play.ts';
import type { ParentalRow } from './rights.repo.ts';

/**
 * The rights of the rows of `entitlementsQuery` and `parentalQuery` (rights.repo.ts), for
 * `canPlay`: no parental row is Undefined at 18+, a PIN entry counts until it expires.
 */
export function toRights(
  entitlements: Entitlement[],
  parental: ParentalRow | undefined,
  now: number,
): Rights {
  return {
    entitlements,
    parental: {
      status: parental?.status ?? 'Undefined',
      ageLimit: (parental?.ageLimit ?? 18) as ParentalAgeLimit,
      pinEntered: (parental?.pinUntil ?? 0) > now,
    },
  };
}
