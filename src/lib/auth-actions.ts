import type { z } from 'zod';
import {
  changePasswordBody,
  changeWithToken,
  completeSignUp,
  emailBody,
  emailCodeBody,
  exchangeResetCode,
  nowSeconds,
  passwordSignIn,
  phoneBody,
  phoneCodeBody,
  phoneCodeSignIn,
  requestPhoneCode,
  requestReset,
  requestSignUp,
  signInBody,
  signUpBody,
} from '../../functions/domains/auth/index.ts';
import { assertMaySignIn } from '../../functions/domains/parental/index.ts';
import { ApiError, type EdgeContext } from '../../functions/lib/index.ts';
import { safeBackPath } from '../../functions/shared/back-path.ts';
import type { CookieToSet } from '../../functions/shared/cookies.ts';
import type { AuthStep } from '../stores/auth-flow.ts';

/**
 * The /auth forms without JavaScript: each step's form posts to /auth (url-encoded), whose page
 * runs them through the same domain code as the JSON API, and either signs in (cookies, then 303 to
 * where the viewer came from) or shows the step again, or the next one, rendered by the server
 * (AuthFlow's first paint). With JavaScript the island submits over the API and this never runs.
 */
export const AUTH_FORMS = [
  'signin',
  'signup',
  'signup-code',
  'phone',
  'phone-code',
  'recovery',
  'recovery-code',
  'recovery-password',
] as const;
export type AuthForm = (typeof AUTH_FORMS)[number];

/** What the server renders after a refused or intermediate form: the island's first state. */
export interface AuthFormState {
  step: AuthStep;
  error: string | null;
  /** The recovery ended: «Пароль изменён» on the sign-in step. */
  passwordChanged: boolean;
  codeSentTo: string | null;
  resetToken: string | null;
  /** What the viewer typed, shown again (the password only while the sign-up code is pending). */
  values: { email?: string; phone?: string; password?: string };
  /** The page's HTTP status: 200 for a next step, 422 (or 429, 503) for a refusal. */
  status: number;
  /** Headers of the refusal (`Retry-After` of a 429). */
  headers?: Record<string, string>;
}

/** Where to go (signed in) or what to render, with the cookies the page sets either way. */
export type AuthFormOutcome = ({ redirect: string } | { state: AuthFormState }) & {
  cookies: CookieToSet[];
};

const STEP_OF: Record<AuthForm, AuthStep> = {
  signin: 'signin',
  signup: 'signup',
  'signup-code': 'signup',
  phone: 'signin-phone',
  'phone-code': 'signin-phone',
  recovery: 'recovery',
  'recovery-code': 'recovery',
  'recovery-password': 'recovery',
};

/** The forms that end in a session (the others send a code or change a password). */
const OPENS_SESSION: ReadonlySet<AuthForm> = new Set(['signin', 'signup-code', 'phone-code']);

const isForm = (v: string): v is AuthForm => (AUTH_FORMS as readonly string[]).includes(v);

/** A url-encoded or multipart POST: a form of the sign-in screens (other bodies get the page). */
export function isAuthFormPost(request: Request): boolean {
  if (request.method !== 'POST') return false;
  const type = request.headers.get('content-type') ?? '';
  return (
    type.startsWith('application/x-www-form-urlencoded') || type.startsWith('multipart/form-data')
  );
}

/** A refused field: the first message of the API's own schema (plain Russian, naming the field). */
class Refused extends Error {}
function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new Refused(parsed.error.issues[0]?.message);
  return parsed.data;
}

/**
 * Runs a posted sign-in form for the browser the edge described (`Astro.locals.edge`).
 * @example const outcome = await authFormAction(await Astro.request.formData(), Astro.locals.edge);
 */
export async function authFormAction(
  body: FormData,
  edge: Pick<EdgeContext, 'client' | 'session' | 'renewal'>,
): Promise<AuthFormOutcome> {
  const { client } = edge;
  // The last value of a repeated field, as the forms' former reader (Hono's parseBody) took it.
  const field = (name: string) => {
    const value = body.getAll(name).at(-1);
    return typeof value === 'string' ? value.trim().slice(0, 2000) : '';
  };
  const form = field('form');
  const kind: AuthForm = isForm(form) ? form : 'signin';
  const back = safeBackPath(field('backPath')) ?? '/';
  const now = nowSeconds();
  const state: AuthFormState = {
    step: STEP_OF[kind],
    error: null,
    passwordChanged: false,
    codeSentTo: null,
    resetToken: null,
    values: { email: field('email'), phone: field('phone') },
    status: 200,
  };
  // A pending step keeps its address (and, for sign-up, the password) for the next submit.
  const pending = (to: string, extra: Partial<AuthFormState> = {}) =>
    Object.assign(state, { codeSentTo: to, ...extra });
  const next = (shown: AuthFormState = state) => ({ state: shown, cookies: [] });
  const signedIn = ({ cookies }: { cookies: CookieToSet[] }) => ({ redirect: back, cookies });
  try {
    // A form that opens a session leaves this device's profile: refused to a kid's (as the API).
    if (OPENS_SESSION.has(kind)) await assertMaySignIn(edge);
    switch (kind) {
      case 'signin': {
        const { email, password } = parse(signInBody, {
          email: field('email'),
          password: field('password'),
        });
        return signedIn(await passwordSignIn(client, { email }, password, now));
      }
      case 'signup':
      case 'signup-code': {
        const input = { email: field('email'), password: field('password') };
        if (kind === 'signup') {
          const { email } = parse(signUpBody, input);
          await requestSignUp(client.ip, email);
          pending(email, { values: input });
          return next();
        }
        pending(input.email, { values: input });
        const { email, password, code } = parse(signUpBody, { ...input, code: field('code') });
        return signedIn(await completeSignUp(client, email, password, code ?? '', now));
      }
      case 'phone': {
        const { phone } = parse(phoneBody, { phone: field('phone') });
        await requestPhoneCode(client.ip, phone);
        pending(phone, { values: { phone } });
        return next();
      }
      case 'phone-code': {
        pending(field('phone'));
        const { phone, code } = parse(phoneCodeBody, {
          phone: field('phone'),
          code: field('code'),
        });
        return signedIn(await phoneCodeSignIn(client, phone, code, now));
      }
      case 'recovery': {
        const { email } = parse(emailBody, { email: field('email') });
        await requestReset(client.ip, { email });
        pending(email);
        return next();
      }
      case 'recovery-code': {
        pending(field('email'));
        const { email, code } = parse(emailCodeBody, {
          email: field('email'),
          code: field('code'),
        });
        pending(email, { resetToken: await exchangeResetCode(client.ip, { email }, code, now) });
        return next();
      }
      case 'recovery-password': {
        state.resetToken = field('token');
        const { token, new_password } = parse(changePasswordBody, {
          token: field('token'),
          new_password: field('password'),
        });
        const viewer = { accountId: edge.session.accountId, secure: client.secure };
        const cookies = await changeWithToken(viewer, token ?? '', new_password, now);
        const shown: AuthFormState = {
          ...state,
          step: 'signin',
          resetToken: null,
          passwordChanged: true,
        };
        return { state: shown, cookies };
      }
    }
  } catch (e) {
    if (e instanceof Refused) return next({ ...state, error: e.message, status: 422 });
    if (!(e instanceof ApiError)) throw e;
    // A wrong password or code is the form's refusal (422); a lock, an outage or a kid profile's
    // refusal keeps its status.
    const kept = e.status === 429 || e.status >= 500 || e.reason === 'kid_profile';
    const status = kept ? e.status : 422;
    return next({ ...state, error: e.message, status, headers: e.headers });
  }
}
