import { useStore } from '@nanostores/react';
import {
  createContext,
  type ReactNode,
  type SubmitEvent,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { BACK_PATH_KEY, rememberReturn, returnPath } from '../../../functions/shared/back-path.ts';
import { SOCIAL_LABELS } from '../../../functions/shared/social-labels.ts';
import { fieldMessage, formIssues } from '../../lib/form-validation.ts';
import {
  $authFlow,
  type AuthFlowState,
  type AuthStep,
  confirmRecoveryCode,
  confirmSignUp,
  goToStep,
  isAuthStep,
  requestPhoneCode,
  requestRecoveryCode,
  requestSignUpCode,
  setNewPassword,
  signInByEmail,
  signInByPhone,
} from '../../stores/auth-flow.ts';
import { BusySpinner } from '../ui/BusySpinner.tsx';
import { SocialMark } from './SocialMark.tsx';
import { authTexts as t } from './texts.ts';

interface Props {
  /** Where an entry point (/settings/auth, /gifts/auth…) returns after sign-in. */
  backPath?: string;
  /** The step a page opens on when the URL names none (/reset-password: recovery). */
  initialStep?: AuthStep;
  /** The server's message of a failed social sign-in (`?socialError=`), shown in the social-error popup. */
  socialError?: string;
  /**
   * The state the server rendered (the URL's step, or a form posted without JavaScript: its error,
   * the code sent, what was typed); the island starts from it, so the first paint is the truth.
   */
  server?: ServerState;
}

/** The server's first state of the flow, and what the viewer typed into a form it refused. */
export type ServerState = Partial<Omit<AuthFlowState, 'busy'>> & {
  values?: { email?: string; phone?: string; password?: string };
};

/** What every step link and form keeps: where the flow returns, the state, what was typed. */
const FlowContext = createContext<{
  backPath?: string;
  state: AuthFlowState;
  values: NonNullable<ServerState['values']>;
}>({ state: $authFlow.get(), values: {} });

/** The messages of a step's form under its fields, by field name (src/lib/form-validation.ts). */
const FieldErrors = createContext<{
  errors: Record<string, string>;
  update: (name: string, message: string | null) => void;
}>({ errors: {}, update: () => {} });

/** The /auth screens: one island, one step at a time, every step a real form. */
export default function AuthFlow({ backPath, initialStep, socialError, server = {} }: Props) {
  const live = useStore($authFlow);
  const first: AuthFlowState = {
    step: server.step ?? initialStep ?? 'auth',
    busy: false,
    error: server.error ?? null,
    notice: server.notice ?? null,
    codeSentTo: server.codeSentTo ?? null,
    resetToken: server.resetToken ?? null,
  };
  // Until the store holds the server's state, render that: server HTML and hydration agree.
  const [synced, setSynced] = useState(false);
  const state = synced ? live : first;
  const [values, setValues] = useState(server.values ?? {});

  // A layout effect: it runs as hydration commits, before the browser can deliver a click. As a
  // passive effect it could run after a step link's click and set the store back to the server's
  // step, leaving the new step's URL over the old step's screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount, from the server's first state
  useLayoutEffect(() => {
    const url = new URL(location.href);
    rememberReturn(sessionStorage, {
      backPath: url.searchParams.get(BACK_PATH_KEY) ?? backPath,
      referrer: document.referrer,
      origin: location.origin,
    });
    $authFlow.set(first);
    setSynced(true);
    const unsubscribe = $authFlow.listen((next, previous) => {
      if (next.step !== previous?.step) setValues({});
    });
    const onPop = () => {
      const back = new URL(location.href).searchParams.get('step');
      goToStep(isAuthStep(back) ? back : 'auth', { push: false });
    };
    addEventListener('popstate', onPop);
    return () => {
      unsubscribe();
      removeEventListener('popstate', onPop);
    };
  }, []);

  return (
    <FlowContext.Provider value={{ backPath, state, values }}>
      <section className="auth" aria-labelledby="auth-heading">
        <h1 id="auth-heading" tabIndex={-1}>
          {t.heading[state.step]}
        </h1>
        {state.notice && (
          <p className="auth__notice" role="status">
            {state.notice}
          </p>
        )}
        <Step step={state.step} />
        <p className="auth__error" role="alert">
          {state.error}
        </p>
      </section>
      {socialError && <SocialErrorPopup message={socialError} />}
    </FlowContext.Provider>
  );
}

/**
 * A link to another step: a real URL, so it works before the island hydrates (a page load), and
 * switches in place once it has.
 */
function StepLink({
  to,
  className = 'link-button',
  children,
}: {
  to: AuthStep;
  className?: string;
  children: ReactNode;
}) {
  const { backPath } = useContext(FlowContext);
  return (
    <a
      className={className}
      href={`?step=${to}${backPath ? `&backPath=${encodeURIComponent(backPath)}` : ''}`}
      onClick={(event) => {
        event.preventDefault();
        goToStep(to);
      }}
    >
      {children}
    </a>
  );
}

function Step({ step }: { step: AuthStep }) {
  switch (step) {
    case 'auth':
      return (
        <div className="auth__choices">
          <p className="auth__lead">{t.lead}</p>
          <StepLink to="signin" className="button">
            {t.byEmail}
          </StepLink>
          <StepLink to="signin-phone" className="button button--ghost">
            {t.byPhone}
          </StepLink>
          <StepLink to="signup">{t.createAccount}</StepLink>
          <SocialButtons />
        </div>
      );
    case 'signin':
      return <SignIn />;
    case 'signup':
      return <SignUp />;
    case 'signin-phone':
      return <PhoneSignIn />;
    case 'recovery':
      return <Recovery />;
  }
}

/** Reads a form's fields by name on submit (uncontrolled inputs: the browser keeps what was typed). */
function onSubmit(handler: (fields: Record<string, string>) => void) {
  return (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([k, v]) => [k, String(v).trim()]),
    );
    handler(fields);
  };
}

/**
 * A step's form. With JavaScript the island sends it over the API; without, it posts to /auth
 * (src/lib/auth-actions.ts), which answers with the step again or the next one.
 */
function Form({
  onSubmit: submit,
  children,
  action,
  form,
}: {
  onSubmit: (e: SubmitEvent<HTMLFormElement>) => void;
  children: ReactNode;
  action: string;
  /** Which server form this is (AUTH_FORMS). */
  form: string;
}) {
  const { backPath, state } = useContext(FlowContext);
  const { busy, step } = state;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const target = `/auth?step=${step}${backPath ? `&backPath=${encodeURIComponent(backPath)}` : ''}`;
  // Our Russian messages instead of the browser's bubbles: checked here, shown by each Field.
  const check = (event: SubmitEvent<HTMLFormElement>) => {
    const issues = formIssues(event.currentTarget);
    setErrors(Object.fromEntries(issues.map(([field, message]) => [field.name, message])));
    if (issues.length === 0) return submit(event);
    event.preventDefault();
    issues[0]![0].focus();
  };
  const update = (name: string, message: string | null) =>
    setErrors(({ [name]: _, ...rest }) => (message ? { ...rest, [name]: message } : rest));
  return (
    <FieldErrors.Provider value={{ errors, update }}>
      <form
        className="auth__form"
        method="post"
        action={target}
        onSubmit={check}
        noValidate
        aria-busy={busy}
      >
        <input type="hidden" name="form" value={form} />
        {backPath && <input type="hidden" name="backPath" value={backPath} />}
        {children}
        <button className="button" type="submit" disabled={busy}>
          {action}
          <BusySpinner busy={busy} />
        </button>
      </form>
    </FieldErrors.Provider>
  );
}

function Field({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const { errors, update } = useContext(FieldErrors);
  const error = input.name ? errors[input.name] : undefined;
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        required
        onInput={(event) => {
          if (error) update(event.currentTarget.name, fieldMessage(event.currentTarget));
        }}
        {...input}
      />
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** Once a code is sent: where it went, and the field for it. */
function SentCode({ to }: { to: string | null }) {
  if (!to) return null;
  return (
    <>
      <p className="auth__sent" role="status">
        {t.codeHint(to)}
      </p>
      <Field
        label={t.code}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{6}"
        maxLength={6}
      />
    </>
  );
}

function SignIn() {
  const { values } = useContext(FlowContext);
  return (
    <>
      <Form
        action={t.signIn}
        form="signin"
        onSubmit={onSubmit(({ email, password }) => void signInByEmail(email!, password!))}
      >
        <Field
          label={t.email}
          name="email"
          type="email"
          autoComplete="username"
          defaultValue={values.email}
        />
        <Field
          label={t.password}
          name="password"
          type="password"
          autoComplete="current-password"
          minLength={8}
        />
      </Form>
      <Links>
        <StepLink to="recovery">{t.forgot}</StepLink>
        <StepLink to="signup">{t.noAccount}</StepLink>
      </Links>
    </>
  );
}

function SignUp() {
  const { state, values } = useContext(FlowContext);
  const { codeSentTo } = state;
  return (
    <>
      <Form
        action={codeSentTo ? t.confirm : t.getCode}
        form={codeSentTo ? 'signup-code' : 'signup'}
        onSubmit={onSubmit(
          ({ email, password, code }) =>
            void (codeSentTo
              ? confirmSignUp(email!, password!, code!)
              : requestSignUpCode(email!, password!)),
        )}
      >
        <Field
          label={t.email}
          name="email"
          type="email"
          autoComplete="email"
          readOnly={Boolean(codeSentTo)}
          defaultValue={values.email}
        />
        <Field
          label={t.password}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint={t.passwordHint}
          readOnly={Boolean(codeSentTo)}
          defaultValue={codeSentTo ? values.password : undefined}
        />
        <SentCode to={codeSentTo} />
        <p className="auth__consent">
          {t.consent.before}
          <a href="/info/tos/">{t.consent.terms}</a>
          {t.consent.between}
          <a href="/info/privacy">{t.consent.privacy}</a>
          {t.consent.after}
        </p>
      </Form>
      <Links>
        <StepLink to="signin">{t.haveAccount}</StepLink>
      </Links>
    </>
  );
}

function PhoneSignIn() {
  const { state, values } = useContext(FlowContext);
  const { codeSentTo } = state;
  return (
    <>
      <Form
        action={codeSentTo ? t.signIn : t.getCode}
        form={codeSentTo ? 'phone-code' : 'phone'}
        onSubmit={onSubmit(
          ({ phone, code }) =>
            void (codeSentTo ? signInByPhone(phone!, code!) : requestPhoneCode(phone!)),
        )}
      >
        <Field
          label={t.phone}
          name="phone"
          type="tel"
          autoComplete="tel"
          hint={t.phoneHint}
          readOnly={Boolean(codeSentTo)}
          defaultValue={codeSentTo ?? values.phone}
        />
        <SentCode to={codeSentTo} />
      </Form>
      <Links>
        <StepLink to="auth">{t.otherWay}</StepLink>
      </Links>
    </>
  );
}

function Recovery() {
  const { state, values } = useContext(FlowContext);
  const { codeSentTo, resetToken } = state;
  if (resetToken) {
    return (
      <Form
        action={t.savePassword}
        form="recovery-password"
        onSubmit={onSubmit(({ password }) => void setNewPassword(password!))}
      >
        <input type="hidden" name="token" value={resetToken} />
        <Field
          label={t.newPassword}
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={8}
          hint={t.passwordHint}
        />
      </Form>
    );
  }
  return (
    <>
      <Form
        action={codeSentTo ? t.confirm : t.getCode}
        form={codeSentTo ? 'recovery-code' : 'recovery'}
        onSubmit={onSubmit(
          ({ email, code }) =>
            void (codeSentTo ? confirmRecoveryCode(email!, code!) : requestRecoveryCode(email!)),
        )}
      >
        <Field
          label={t.email}
          name="email"
          type="email"
          autoComplete="username"
          readOnly={Boolean(codeSentTo)}
          defaultValue={codeSentTo ?? values.email}
        />
        <SentCode to={codeSentTo} />
      </Form>
      <Links>
        <StepLink to="signin">{t.back}</StepLink>
      </Links>
    </>
  );
}

const Links = ({ children }: { children: ReactNode }) => (
  <div className="auth__links">{children}</div>
);

/**
 * Social sign-in (docs/product.md, «What we keep»: vk, ok, ya, gp, fb): plain links to the server, which sends the
 * browser on to the provider; the back path goes along (the session-storage one once hydrated).
 */
function SocialButtons() {
  const { backPath } = useContext(FlowContext);
  const headingId = useId();
  const href = (provider: string, back?: string) =>
    `/auth/socials/${provider}/sign-in${back && back !== '/' ? `?backPath=${encodeURIComponent(back)}` : ''}`;
  return (
    <section className="auth__socials" aria-labelledby={headingId}>
      <h2 id={headingId}>{t.socialHeading}</h2>
      <ul>
        {Object.entries(SOCIAL_LABELS).map(([provider, label]) => (
          <li key={provider}>
            <a
              className={`social-button social-button--${provider}`}
              href={href(provider, backPath)}
              aria-label={t.socialSignIn(label)}
              onClick={(event) => {
                event.currentTarget.href = href(provider, returnPath(sessionStorage));
              }}
            >
              <SocialMark provider={provider} />
              {label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The social-error popup (docs/product.md, «What we keep» and «When things go wrong»): a modal alert dialog with the server's message.
 * Closing it drops `socialError` from the address, so a reload does not show it again.
 */
function SocialErrorPopup({ message }: { message: string }) {
  const [open, setOpen] = useState(true);
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const el = dialog.current;
    if (open && el && !el.open) el.showModal();
  }, [open]);
  if (!open) return null;
  const close = () => {
    dialog.current?.close();
    const url = new URL(location.href);
    url.searchParams.delete('socialError');
    url.searchParams.delete('social');
    history.replaceState(history.state, '', url);
    setOpen(false);
    document.getElementById('auth-heading')?.focus();
  };
  return (
    <dialog
      ref={dialog}
      className="social-error"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
    >
      <h2 id={`${id}-title`}>{t.socialErrorTitle}</h2>
      <p id={`${id}-text`}>{message}</p>
      <button className="button" type="button" onClick={close} autoFocus>
        {t.close}
      </button>
    </dialog>
  );
}
