/**
 * The steps of /settings/parental (docs/product.md, «Screens and routes»): each a `?step=` URL,
 * no step the overview; and the pure rules the flow's screens share.
 */
import type { ParentalStatus } from '../../../stores/parental.ts';

/** The account-security steps, each a `?step=` URL; no step is the overview. */
export const PARENTAL_STEPS = [
  'age',
  'setup',
  'recovery',
  'recoveryError',
  'checking',
  'success',
  'verification',
  'change',
] as const;
export type ParentalStep = (typeof PARENTAL_STEPS)[number] | 'overview';

/** The age limits a parent may choose. */
export const AGES = [12, 16, 18] as const;

/** A code that can no longer work: the recovery error screen offers a new one. */
const DEAD_CODE = new Set(['code_missing', 'code_expired', 'code_attempts_exceeded']);

/**
 * Whether a refusal's reason means the code is dead, so only a new one can help.
 * @example isDeadCode('code_expired') // true
 */
export const isDeadCode = (reason: string | null | undefined): boolean =>
  DEAD_CODE.has(reason ?? '');

/**
 * The step an address names, else the overview.
 * @example stepOf('https://site.test/settings/parental?step=age') // 'age'
 */
export function stepOf(href: string): ParentalStep {
  const step = new URL(href).searchParams.get('step') ?? '';
  return (PARENTAL_STEPS as readonly string[]).includes(step) ? (step as ParentalStep) : 'overview';
}

/**
 * The address of `step` from the current one: `?step=` set, or gone for the overview.
 * @example stepHref('https://site.test/settings/parental', 'age') // '…/settings/parental?step=age'
 */
export function stepHref(href: string, step: ParentalStep): string {
  const url = new URL(href);
  if (step === 'overview') url.searchParams.delete('step');
  else url.searchParams.set('step', step);
  return url.href;
}

/**
 * What follows the status line: the age limit while parental control is on.
 * @example ageSuffix('Enabled', 16) // ' · 16+'
 */
export const ageSuffix = (status: ParentalStatus, ageLimit: number): string =>
  status === 'Enabled' ? ` · ${ageLimit}+` : '';
