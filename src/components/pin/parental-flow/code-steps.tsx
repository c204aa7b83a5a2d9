/** The screens that send a code by e-mail or SMS: PIN recovery, and the check before turning control off. */
import { $parental, disableParental, parentalCalls, setEntered } from '../../../stores/parental.ts';
import { CodeField, PinField } from '../PinField.tsx';
import { pinTexts as t } from '../texts.ts';
import { isDeadCode } from './steps.ts';
import { type ParentalFlowState, samePins, submitFields } from './use-parental-flow.ts';

type StepProps = { flow: ParentalFlowState };

/** A code to the account's contact, then the code and a new PIN, twice. */
export function RecoveryStep({ flow: { state, sentTo, setSentTo, go, done } }: StepProps) {
  if (sentTo === null)
    return (
      <form
        className="pin-form"
        noValidate
        aria-busy={state.busy}
        onSubmit={submitFields(async () => {
          const answer = await parentalCalls.sendReset();
          if (answer) setSentTo(answer.to);
        })}
      >
        <p className="pin-lead">{t.recoveryLead}</p>
        <button className="button" type="submit" disabled={state.busy}>
          {t.sendCode}
        </button>
      </form>
    );
  return (
    <form
      className="pin-form"
      noValidate
      aria-busy={state.busy}
      onSubmit={submitFields(async ({ code, newPin, repeat }) => {
        if (!samePins(newPin, repeat)) return;
        if (await parentalCalls.resetChange(code ?? '', newPin ?? '')) {
          setEntered(true);
          done();
        } else if (isDeadCode($parental.get().reason)) {
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
}

/** A code to the account's contact, then the code: parental control goes off. */
export function VerificationStep({ flow: { state, sentTo, setSentTo, done } }: StepProps) {
  if (sentTo === null)
    return (
      <form
        className="pin-form"
        noValidate
        aria-busy={state.busy}
        onSubmit={submitFields(async () => {
          const answer = await parentalCalls.sendVerification();
          if (answer) setSentTo(answer.to);
        })}
      >
        <p className="pin-lead">{t.verificationLead}</p>
        <button className="button" type="submit" disabled={state.busy}>
          {t.sendCode}
        </button>
      </form>
    );
  return (
    <form
      className="pin-form"
      noValidate
      aria-busy={state.busy}
      onSubmit={submitFields(async ({ code }) => {
        if ((await parentalCalls.checkVerification(code ?? '')) && (await disableParental())) {
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
}
