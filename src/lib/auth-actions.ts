import type { Context } from 'hono';
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
import { ApiError, type AppEnv } from '../../functions/lib/index.ts';
import { safeBackPath } from '../../functions/shared/back-path.ts';
import type { AuthStep } from '../stores/auth-flow.ts';

/**
 * The /auth forms without JavaScript: each step's form posts to /auth (url-encoded), runs the same
 * domain code as the JSON API, and either signs in (cookies, then 303 to where the viewer came
 * from) or shows the step again, or the next one, rendered by the server (AuthFlow's first paint).
 * With JavaScript the island submits over the API and this never runs.
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

export type AuthFormOutcome = { redirect: string } | AuthFormState;

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

const isForm = (v: string): v is AuthForm => (AUTH_FORMS as readonly string[]).includes(v);

/** A url-encoded or multipart POST to /auth: a form of the sign-in screens. */
export function isAuthFormPost(c: Context<AppEnv>): boolean {
  if (c.req.method !== 'POST' || !/^\/auth\/?$/.test(c.req.path)) return false;
  const type = c.req.header('content-type') ?? '';
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

export async function authFormAction(c: Context<AppEnv>): Promise<AuthFormOutcome> {
  const body = await c.req.parseBody();
  const field = (name: string) => {
    const value = body[name];
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
  try {
    switch (kind) {
      case 'signin': {
        const { email, password } = parse(signInBody, {
          email: field('email'),
          password: field('password'),
        });
        await passwordSignIn(c, { email }, password, now);
        return { redirect: back };
      }
      case 'signup':
      case 'signup-code': {
        const input = { email: field('email'), password: field('password') };
        if (kind === 'signup') {
          const { email } = parse(signUpBody, input);
          await requestSignUp(c, email);
          pending(email, { values: input });
          return state;
        }
        pending(input.email, { values: input });
        const { email, password, code } = parse(signUpBody, { ...input, code: field('code') });
        await completeSignUp(c, email, password, code ?? '', now);
        return { redirect: back };
      }
      case 'phone': {
        const { phone } = parse(phoneBody, { phone: field('phone') });
        await requestPhoneCode(c, phone);
        pending(phone, { values: { phone } });
        return state;
      }
      case 'phone-code': {
        pending(field('phone'));
        const { phone, code } = parse(phoneCodeBody, {
          phone: field('phone'),
          code: field('code'),
        });
        await phoneCodeSignIn(c, phone, code, now);
        return { redirect: back };
      }
      case 'recovery': {
        const { email } = parse(emailBody, { email: field('email') });
        await requestReset(c, { email });
        pending(email);
        return state;
      }
      case 'recovery-code': {
        pending(field('email'));
        const { email, code } = parse(emailCodeBody, {
          email: field('email'),
          code: field('code'),
        });
        pending(email, { resetToken: await exchangeResetCode(c, { email }, code, now) });
        return state;
      }
      case 'recovery-password': {
        state.resetToken = field('token');
        const { token, new_password } = parse(changePasswordBody, {
          token: field('token'),
          new_password: field('password'),
        });
        await changeWithToken(c, token ?? '', new_password, now);
        return { ...state, step: 'signin', resetToken: null, passwordChanged: true };
      }
    }
  } catch (e) {
    if (e instanceof Refused) return { ...state, error: e.message, status: 422 };
    if (!(e instanceof ApiError)) throw e;
    // A wrong password or code is the form's refusal (422); a lock or an outage keeps its status.
    const status = e.status === 429 || e.status >= 500 ? e.status : 422;
    return { ...state, error: e.message, status, headers: e.headers };
  }
}
