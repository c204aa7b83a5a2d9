/** The screens that send a code by e-mail or SMS: PIN recovery, and the check before turning control off. */
import { $parental, disableParental, parentalCalls, setEntered } from '../../../stores/parental.ts';
import { CodeField, PinField } from '../PinField.tsx';
import { pinTexts as t } from '../texts.ts';
import { PinForm } from './PinForm.tsx';
import { isDeadCode } from './steps.ts';
import { type ParentalFlowState, samePins } from './use-parental-flow.ts';

type StepProps = { flow: ParentalFlowState };

interface SendCodeProps {
  busy: boolean;
  /** What the code is for. */
  lead: string;
  /** The call that sends it; its answer names where it went. */
  send: () => Promise<{ to: string } | null | undefined>;
  sent: (to: string) => void;
}

/** The first half of a code step: say what the code is for, and send it. */
function SendCodeForm({ busy, lead, send, sent }: SendCodeProps) {
  return (
    <PinForm
      busy={busy}
      onFields={async () => {
        const answer = await send();
        if (answer) sent(answer.to);
      }}
    >
      <p className="pin-lead">{lead}</p>
      <button className="button" type="submit" disabled={busy}>
        {t.sendCode}
      </button>
    </PinForm>
  );
}

/** A code to the account's contact, then the code and a new PIN, twice. */
export function RecoveryStep({ flow: { state, sentTo, setSentTo, go, done } }: StepProps) {
  if (sentTo === null)
    return (
      <SendCodeForm
        busy={state.busy}
        lead={t.recoveryLead}
        send={parentalCalls.sendReset}
        sent={setSentTo}
      />
    );
  return (
    <PinForm
      busy={state.busy}
      onFields={async ({ code, newPin, repeat }) => {
        if (!samePins(newPin, repeat)) return;
        if (await parentalCalls.resetChange(code ?? '', newPin ?? '')) {
          setEntered(true);
          done();
        } else if (isDeadCode($parental.get().reason)) {
          const message = $parental.get().error;
          go('recoveryError');
          $parental.setKey('error', message);
        }
      }}
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
    </PinForm>
  );
}

/** A code to the account's contact, then the code: parental control goes off. */
export function VerificationStep({ flow: { state, sentTo, setSentTo, done } }: StepProps) {
  if (sentTo === null)
    return (
      <SendCodeForm
        busy={state.busy}
        lead={t.verificationLead}
        send={parentalCalls.sendVerification}
        sent={setSentTo}
      />
    );
  return (
    <PinForm
      busy={state.busy}
      onFields={async ({ code }) => {
        if ((await parentalCalls.checkVerification(code ?? '')) && (await disableParental())) {
          setEntered(false);
          done();
        }
      }}
    >
      <p className="pin-notice" role="status">
        {t.codeSentTo(sentTo)}
      </p>
      <CodeField label={t.codeLabel} name="code" autoFocus />
      <button className="button" type="submit" disabled={state.busy}>
        {t.disable}
      </button>
    </PinForm>
  );
}
