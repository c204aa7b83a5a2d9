import { useStore } from '@nanostores/react';
import {
  type ReactNode,
  type SubmitEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  $parental,
  disableParental,
  enterPin,
  type ParentalStatus,
  parentalCalls,
  setEntered,
} from '../../stores/parental.ts';
import { CodeField, fieldsOf, PinField } from './PinField.tsx';
import { pinTexts as t } from './texts.ts';
import './pin.css';

/** The account-security steps (docs/product.md, «Screens and routes»), each a `?step=` URL; no step is the overview. */
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
const isStep = (v: string | null): v is ParentalStep =>
  (PARENTAL_STEPS as readonly string[]).includes(v ?? '');
const AGES = [12, 16, 18] as const;
/** A code that can no longer work: the recovery error screen offers a new one. */
const DEAD_CODE = new Set(['code_missing', 'code_expired', 'code_attempts_exceeded']);

interface Props {
  status: ParentalStatus;
  ageLimit: number;
  pinEntered: boolean;
}

/** /settings/parental: one island, one step at a time, every step a real form. */
export default function ParentalFlow(props: Props) {
  const live = useStore($parental);
  // The server's state until the store holds it: the first paint (server HTML) is the truth.
  const [synced, setSynced] = useState(false);
  const state = synced
    ? live
    : { ...live, status: props.status, ageLimit: props.ageLimit, entered: props.pinEntered };
  const [step, setStep] = useState<ParentalStep>('overview');
  const [age, setAge] = useState(props.ageLimit);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const go = (next: ParentalStep, push = true) => {
    setStep(next);
    setSentTo(null);
    $parental.setKey('error', null);
    if (push) {
      const url = new URL(location.href);
      if (next === 'overview') url.searchParams.delete('step');
      else url.searchParams.set('step', next);
      history.pushState({ step: next }, '', url);
    }
  };

  // Once on mount, from the server's first state. A layout effect: it runs as hydration commits,
  // before the browser can deliver a click, so a step chosen at once is never overwritten by it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once on mount, from the server's first state
  useLayoutEffect(() => {
    $parental.set({
      ...$parental.get(),
      status: props.status,
      ageLimit: props.ageLimit,
      entered: props.pinEntered,
    });
    setSynced(true);
    const read = () => {
      const s = new URL(location.href).searchParams.get('step');
      go(isStep(s) ? s : 'overview', false);
    };
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step moves focus to its heading
  useEffect(() => heading.current?.focus(), [step]);

  const submit =
    (handler: (fields: Record<string, string>) => Promise<unknown>) =>
    (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void handler(fieldsOf(event.currentTarget));
    };
  const samePins = (a?: string, b?: string) => {
    if (a === b) return true;
    $parental.setKey('error', t.pinsDiffer);
    return false;
  };
  const enabled = state.status === 'Enabled';
  const done = () => go('success');

  let body: ReactNode;
  switch (step) {
    case 'overview':
      body = (
        <>
          <p className="pin-lead">
            {t.statusLine[state.status]}
            {enabled ? ` · ${state.ageLimit}+` : ''}
          </p>
          <div className="pin-actions">
            {enabled ? (
              <>
                <StepLink to="change" go={go}>
                  {t.changeLink}
                </StepLink>
                <StepLink to={state.entered ? 'age' : 'checking'} go={go}>
                  {t.ageLink}
                </StepLink>
                <StepLink to="verification" go={go}>
                  {t.disableLink}
                </StepLink>
                <StepLink to="recovery" go={go}>
                  {t.forgot}
                </StepLink>
              </>
            ) : (
              <StepLink to="age" go={go} className="button">
                {t.enableLink}
              </StepLink>
            )}
          </div>
        </>
      );
      break;
    case 'age':
      body = (
        <form
          className="pin-form"
          noValidate
          aria-busy={state.busy}
          onSubmit={submit(async () => {
            if (!enabled) return go('setup');
            if (await parentalCalls.setAge(age)) {
              $parental.setKey('ageLimit', age);
              done();
            } else if (state.reason === 'pin_required' || $parental.get().reason === 'pin_required')
              go('checking');
          })}
        >
          <p className="pin-lead">{t.ageLead}</p>
          <fieldset className="pin-ages">
            <legend>{t.heading.age}</legend>
            {AGES.map((a) => (
              <label key={a}>
                <input
                  type="radio"
                  name="age"
                  value={a}
                  checked={age === a}
                  onChange={() => setAge(a)}
                />
                {t.ageOption(a)}
              </label>
            ))}
          </fieldset>
          <button className="button" type="submit" disabled={state.busy}>
            {enabled ? t.save : t.next}
          </button>
        </form>
      );
      break;
    case 'setup':
      body = (
        <form
          className="pin-form"
          noValidate
          aria-busy={state.busy}
          onSubmit={submit(async ({ pin, repeat }) => {
            if (!samePins(pin, repeat)) return;
            const answer = await parentalCalls.setPin(pin ?? '', age);
            if (!answer) return;
            $parental.setKey('status', 'Enabled');
            $parental.setKey('ageLimit', age);
            setEntered(true);
            done();
          })}
        >
          <p className="pin-lead">{t.setupLead}</p>
          <PinField label={t.pinLabel} name="pin" autoFocus />
          <PinField label={t.repeatPinLabel} name="repeat" />
          <button className="button" type="submit" disabled={state.busy}>
            {t.save}
          </button>
        </form>
      );
      break;
    case 'checking':
      body = (
        <form
          className="pin-form"
          noValidate
          aria-busy={state.busy}
          onSubmit={submit(async ({ pin }) => {
            if (await enterPin(pin ?? '')) go('age');
          })}
        >
          <p className="pin-lead">{t.checkingLead}</p>
          <PinField label={t.pinLabel} name="pin" autoFocus />
          <button className="button" type="submit" disabled={state.busy}>
            {t.enter}
          </button>
          <StepLink to="recovery" go={go}>
            {t.forgot}
          </StepLink>
        </form>
      );
      break;
    case 'change':
      body = (
        <form
          className="pin-form"
          noValidate
          aria-busy={state.busy}
          onSubmit={submit(async ({ pin, newPin, repeat }) => {
            if (!samePins(newPin, repeat)) return;
            if (await parentalCalls.changePin(pin ?? '', newPin ?? '')) {
              setEntered(true);
              done();
            }
          })}
        >
          <p className="pin-lead">{t.changeLead}</p>
          <PinField label={t.currentPinLabel} name="pin" autoFocus />
          <PinField label={t.newPinLabel} name="newPin" />
          <PinField label={t.repeatPinLabel} name="repeat" />
          <button className="button" type="submit" disabled={state.busy}>
            {t.save}
          </button>
          <StepLink to="recovery" go={go}>
            {t.forgot}
          </StepLink>
        </form>
      );
      break;
    case 'recovery':
      body =
        sentTo === null ? (
          <form
            className="pin-form"
            noValidate
            aria-busy={state.busy}
            onSubmit={submit(async () => {
              const answer = await parentalCalls.sendReset();
              if (answer) setSentTo(answer.to);
            })}
          >
            <p className="pin-lead">{t.recoveryLead}</p>
            <button className="button" type="submit" disabled={state.busy}>
              {t.sendCode}
            </button>
          </form>
        ) : (
          <form
            className="pin-form"
            noValidate
            aria-busy={state.busy}
            onSubmit={submit(async ({ code, newPin, repeat }) => {
              if (!samePins(newPin, repeat)) return;
              if (await parentalCalls.resetChange(code ?? '', newPin ?? '')) {
                setEntered(true);
                done();
              } else if (DEAD_CODE.has($parental.get().reason ?? '')) {
                const message = $parental.get().error;
                go('recoveryError');
                $parental.setKey('error', message);
              }
            })}
          >
            <p className="pin-notice" role="status">
              {t.codeSentTo(sentTo)}
            </p>
            <CodeField label={t.codeLabel} name="code" autoFocus />
            <PinField label={t.newPinLabel} name="newPin" />
            <PinField label={t.repeatPinLabel} name="repeat" />
            <button className="button" type="submit" disabled={state.busy}>
              {t.save}
            </button>
          </form>
        );
      break;
    case 'recoveryError':
      body = (
        <>
          <p className="pin-lead">{t.recoveryErrorLead}</p>
          <StepLink to="recovery" go={go} className="button">
            {t.tryAgain}
          </StepLink>
        </>
      );
      break;
    case 'verification':
      body =
        sentTo === null ? (
          <form
            className="pin-form"
            noValidate
            aria-busy={state.busy}
            onSubmit={submit(async () => {
              const answer = await parentalCalls.sendVerification();
              if (answer) setSentTo(answer.to);
            })}
          >
            <p className="pin-lead">{t.verificationLead}</p>
            <button className="button" type="submit" disabled={state.busy}>
              {t.sendCode}
            </button>
          </form>
        ) : (
          <form
            className="pin-form"
            noValidate
            aria-busy={state.busy}
            onSubmit={submit(async ({ code }) => {
              if (
                (await parentalCalls.checkVerification(code ?? '')) &&
                (await disableParental())
              ) {
                setEntered(false);
                done();
              }
            })}
          >
            <p className="pin-notice" role="status">
              {t.codeSentTo(sentTo)}
            </p>
            <CodeField label={t.codeLabel} name="code" autoFocus />
            <button className="button" type="submit" disabled={state.busy}>
              {t.disable}
            </button>
          </form>
        );
      break;
    case 'success':
      body = (
        <>
          <p className="pin-notice" role="status">
            {t.successLead}
          </p>
          <p className="pin-lead">
            {t.statusLine[state.status]}
            {state.status === 'Enabled' ? ` · ${state.ageLimit}+` : ''}
          </p>
          <a className="button" href="/settings">
            {t.backToSettings}
          </a>
        </>
      );
      break;
  }

  return (
    <section className="pin-flow" aria-labelledby="pin-flow-heading">
      <h1 id="pin-flow-heading" ref={heading} tabIndex={-1}>
        {step === 'overview' ? t.popupSetupTitle : t.heading[step]}
      </h1>
      {body}
      <p className="pin-error" role="alert">
        {state.error}
      </p>
    </section>
  );
}

/** A link to another step: a real URL (works before hydration), switched in place once hydrated. */
function StepLink({
  to,
  go,
  className = 'pin-link',
  children,
}: {
  to: ParentalStep;
  go: (s: ParentalStep) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={`?step=${to}`}
      onClick={(e) => {
        e.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );
}
