import { SECONDS } from '../../shared/ru.ts';

/** Lifetimes and the lock of parental control (docs/decisions.md, "Parental control"). */

/** A PIN entered in one device session holds this long (server side; the tab state may end sooner). */
export const PIN_ENTRY_SECONDS = 4 * SECONDS.hour;
/** A verification code checked by a session makes disabling and age changes possible this long. */
export const VERIFIED_SECONDS = 10 * SECONDS.minute;
/** Wrong PINs per account before PIN entry locks, and how long the lock lasts. */
export const MAX_PIN_FAILURES = 5;
export const PIN_LOCK_SECONDS = 15 * SECONDS.minute;
/**
 * PBKDF2 cost of a PIN: lower than a password's (10,000 possible PINs make the cost no defence
 * on its own); the lock guards online guessing and a keyed pepper offline guessing.
 */
export const PIN_PBKDF2_ITERATIONS = 10_000;
