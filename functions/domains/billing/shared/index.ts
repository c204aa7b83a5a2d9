/**
 * What every part of billing speaks: kopecks, the account of a paying viewer and the Russian
 * texts. It imports no other part of billing. The shared part's one entry.
 */

export { accountOf } from './account.ts';
export { accountBillingTexts, RETENTION_BUTTONS } from './account-texts.ts';
export { amountValue, kopecksOf } from './money.ts';
export { billingTexts, cancelReasons, payPageTexts, periodWords } from './texts.ts';
