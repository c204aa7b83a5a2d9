import { map } from 'nanostores';
import { returnPath } from '../../functions/shared/back-path.ts';
import { authTexts } from '../components/auth/texts.ts';
import { type ApiResult, api, isOk } from '../lib/api-client.ts';
import { trackCall } from './call-state.ts';

/** The screens of the sign-in flow (docs/product.md, «Screens and routes»). */
const AUTH_STEPS = ['auth', 'signin', 'signup', 'signin-phone', 'recovery'] as const;
export type AuthStep = (typeof AUTH_STEPS)[number];

export interface AuthFlowState {
  step: AuthStep;
  busy: boolean;
  /** The server's message of the last failed call (docs/product.md, «When things go wrong»: shown as is). */
  error: string | null;
  notice: string | null;
  /** Where the last one-time code went (e-mail or phone); null before a code is requested. */
  codeSentTo: string | null;
  /** Recovery: the one-time change token the code was exchanged for. */
  resetToken: string | null;
}

const initial: AuthFlowState = {
  step: 'auth',
  busy: false,
  error: null,
  notice: null,
  codeSentTo: null,
  resetToken: null,
};

/** The sign-in flow of the /auth screens; the island renders it, the actions below change it. */
export const $authFlow = map<AuthFlowState>({ ...initial });

export const isAuthStep = (value: string | null): value is AuthStep =>
  (AUTH_STEPS as readonly string[]).includes(value ?? '');

/** Opens a step afresh (the URL follows, so Back works). */
export function goToStep(step: AuthStep, { push = true } = {}) {
  $authFlow.set({ ...initial, step });
  if (push && typeof history !== 'undefined') {
    const url = new URL(location.href);
    url.searchParams.set('step', step);
    history.pushState({ step }, '', url);
  }
}

/** Runs one call with the busy flag (call-state.ts); null when it failed, its message on screen. */
async function run<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T> | null> {
  const result = await trackCall($authFlow, call);
  return isOk(result) ? result : null;
}

/** Signed in: the server set the session cookies; go back to where the viewer came from. */
function signedIn() {
  location.assign(returnPath(sessionStorage));
}

export async function signInByEmail(email: string, password: string) {
  if (await run(() => api.post('/auth/email/sign_in/', { email, password }, { noToken: true })))
    signedIn();
}

/** Sign-up, step one: the code goes to the e-mail (the answer is the same for any address). */
export async function requestSignUpCode(email: string, password: string) {
  if (await run(() => api.post('/auth/email/sign_up/', { email, password }, { noToken: true })))
    $authFlow.setKey('codeSentTo', email);
}

export async function confirmSignUp(email: string, password: string, code: string) {
  if (
    await run(() => api.post('/auth/email/sign_up/', { email, password, code }, { noToken: true }))
  )
    signedIn();
}

export async function requestPhoneCode(phone: string) {
  if (await run(() => api.post('/auth/phone/check/', { phone }, { noToken: true })))
    $authFlow.setKey('codeSentTo', phone);
}

export async function signInByPhone(phone: string, code: string) {
  if (await run(() => api.post('/auth/phone/sign_in/', { phone, code }, { noToken: true })))
    signedIn();
}

export async function requestRecoveryCode(email: string) {
  if (await run(() => api.post('/auth/email/reset_pass/', { email }, { noToken: true })))
    $authFlow.setKey('codeSentTo', email);
}

export async function confirmRecoveryCode(email: string, code: string) {
  const result = await run(() =>
    api.post<{ token: string }>(
      '/auth/email/change_pass_token/',
      { email, code },
      { noToken: true },
    ),
  );
  if (result?.data?.token) $authFlow.setKey('resetToken', result.data.token);
}

export async function setNewPassword(newPassword: string) {
  const token = $authFlow.get().resetToken;
  if (!token) return;
  if (
    await run(() =>
      api.post('/auth/change_password/', { token, new_password: newPassword }, { noToken: true }),
    )
  ) {
    $authFlow.set({ ...initial, step: 'signin', notice: authTexts.passwordChanged });
  }
}
