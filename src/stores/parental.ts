/**
 * Parental control on the client (docs/product.md, «What we keep» and «How things change»): status, whether the PIN popup is
 * visible, whether the PIN is entered, and the adult profile a switch is waiting for. The entered
 * mark lives in the `pin_status` cookie and session storage (src/lib/pin-tabs.ts).
 */

import { map } from 'nanostores';
import { COOKIE } from '../../functions/shared/cookies.ts';
import { isPinPage } from '../../functions/shared/pin-pages.ts';
import { type ApiResult, api, isOk } from '../lib/api-client.ts';
import { appConfig } from '../lib/app-config.ts';
import {
  markStartPopupShown,
  pinStatusKnown,
  readPinStatus,
  startPopupShown,
  writePinStatus,
} from '../lib/pin-tabs.ts';
import { trackCall } from './call-state.ts';

export type ParentalStatus = 'Undefined' | 'Enabled' | 'Disabled';

interface ParentalState {
  status: ParentalStatus;
  visible: boolean;
  entered: boolean;
  /** The adult profile a switch asked for; the switch goes on once the PIN is entered. */
  adultUserId: number | null;
  ageLimit: number;
  busy: boolean;
  /** The server's message of the last failed call (docs/product.md, «When things go wrong»), and its reason code. */
  error: string | null;
  reason: string | null;
}

/** docs/product.md, «How things change»: initial Undefined, not entered. */
const initial: ParentalState = {
  status: 'Undefined',
  visible: false,
  entered: false,
  adultUserId: null,
  ageLimit: 18,
  busy: false,
  error: null,
  reason: null,
};
export const $parental = map<ParentalState>({ ...initial });

/** Paths of the flows where the PIN is active (docs/product.md, «Screens and routes»: advantages, payment, success, gifts, reset-pin-code). */
export const PIN_FLOW_PATHS = [
  '/advantages',
  '/payment',
  '/success',
  '/gifts',
  '/reset-pin-code',
] as const;

export const isPinFlowPath = (path: string) =>
  PIN_FLOW_PATHS.some((p) => path === p || path.startsWith(`${p}/`));

/** Where the status is learnt, and what on this page may ask for the PIN. */
export interface ParentalStart {
  /** The age rating of the content on this page. */
  contentAge?: number;
  /**
   * The page may show the at-start popup (docs/product.md, «How things change»): every page of a
   * signed-in adult profile but the PIN pages, once per session (the header says so).
   */
  sessionStart?: boolean;
}

/**
 * Whether the popup opens after a status fetch: Enabled or Undefined, not entered, and either the
 * session's first page that may show it or content rated at or above the age setting.
 * @example popupNeeded({ status: 'Enabled', entered: false, ageLimit: 18 }, { contentAge: 18 }) // true
 */
function popupNeeded(
  s: Pick<ParentalState, 'status' | 'entered' | 'ageLimit'>,
  where: ParentalStart & { shownThisSession?: boolean },
): boolean {
  if (s.entered || s.status === 'Disabled') return false;
  if (where.sessionStart && !where.shownThisSession) return true;
  return where.contentAge !== undefined && where.contentAge >= s.ageLimit;
}

const accountId = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${COOKIE.accountId}=`))
    ?.split('=')[1];
const path = (rest: string) => `/auth/accounts/${accountId()}/${rest}`;

/** Runs one call with the busy flag (call-state.ts); its data, or null when it failed. */
async function run<T>(call: () => Promise<ApiResult<T>>): Promise<T | null> {
  const result = await trackCall($parental, call);
  return isOk(result) ? (result.data as T) : null;
}

interface StatusAnswer {
  status: ParentalStatus;
  ageLimit: number;
  pinEntered: boolean;
}

export function setEntered(entered: boolean) {
  writePinStatus(entered ? 'entered' : 'not_entered');
  $parental.setKey('entered', entered);
}

/** GET parental-control; a failure is rejected with the response error (docs/product.md, «When things go wrong»). */
async function fetchParentalStatus(): Promise<StatusAnswer> {
  const result = await api.get<StatusAnswer>(path('parental-control'));
  if (!isOk(result) || !result.data) throw result.error ?? new Error('parental-control');
  $parental.setKey('status', result.data.status);
  $parental.setKey('ageLimit', result.data.ageLimit);
  if (!result.data.pinEntered && $parental.get().entered) setEntered(false);
  return result.data;
}

/** The status the server rendered with the page (no request), else a GET. */
async function knownStatus(): Promise<void> {
  const rendered = appConfig().parental;
  if (!rendered) {
    await fetchParentalStatus();
    return;
  }
  $parental.setKey('status', rendered.status);
  $parental.setKey('ageLimit', rendered.ageLimit);
  if (!rendered.pinEntered && $parental.get().entered) setEntered(false);
}

let started: Promise<void> | undefined;

/**
 * At start (docs/product.md, «How things change»): for a signed-in adult profile, when not entered
 * and not on a PIN page, learn the status (every signed-in page: the header's script); then show
 * the popup once per session, and where the PIN is active. One status per page, however many
 * callers. A kid profile is asked nothing (`html[data-kid]`, BaseLayout).
 */
export async function startParental(where: ParentalStart) {
  if (!accountId() || isPinPage(location.pathname)) return;
  if (document.documentElement.hasAttribute('data-kid')) return;
  // A new tab of a session whose PIN is entered in another open tab learns so first.
  await pinStatusKnown();
  const entered = readPinStatus() === 'entered';
  $parental.setKey('entered', entered);
  if (entered) return;
  started ??= knownStatus();
  await started;
  const shownThisSession = startPopupShown();
  if (!popupNeeded($parental.get(), { ...where, shownThisSession })) return;
  $parental.setKey('visible', true);
  markStartPopupShown();
}

/** POST pin-code/check; on success the PIN is entered and the popup closes. */
export async function enterPin(pin: string): Promise<boolean> {
  const ok = await run(() => api.post(path('pin-code/check'), { pin }));
  if (!ok) return false;
  setEntered(true);
  $parental.setKey('visible', false);
  return true;
}

/** docs/product.md, «How things change»: after disabling, status Disabled and the popup closes. */
export async function disableParental(body: { pin?: string } = {}): Promise<boolean> {
  const ok = await run(() => api.patch<StatusAnswer>(path('parental-control/disable'), body));
  if (!ok) return false;
  $parental.set({ ...$parental.get(), status: 'Disabled', visible: false, entered: false });
  return true;
}

export const closePinPopup = () => $parental.setKey('visible', false);

/** The account-security calls of /settings/parental, each keeping the server's message on failure. */
export const parentalCalls = {
  setPin: (pin: string, ageLimit: number) =>
    run(() => api.post<StatusAnswer>(path('pin-code/set'), { pin, ageLimit })),
  changePin: (pin: string, newPin: string) =>
    run(() => api.post<StatusAnswer>(path('pin-code/change'), { pin, newPin })),
  sendReset: () => run(() => api.post<{ to: string }>(path('pin-code/reset'), {})),
  resetChange: (code: string, newPin: string) =>
    run(() => api.post<StatusAnswer>(path('pin-code/reset/change'), { code, newPin })),
  setAge: (ageLimit: number, pin?: string) =>
    run(() =>
      api.patch<{ ageLimit: number }>(path('parental-control/show-settings'), {
        ageLimit,
        ...(pin ? { pin } : {}),
      }),
    ),
  sendVerification: () => run(() => api.post<{ to: string }>(path('verification/send'), {})),
  checkVerification: (code: string) => run(() => api.post(path('verification/check'), { code })),
};
