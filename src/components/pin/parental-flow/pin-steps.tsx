/** The screens that ask for a PIN or an age: choose the age, set up, enter and change the PIN. */
import { $parental, enterPin, parentalCalls, setEntered } from '../../../stores/parental.ts';
import { PinField } from '../PinField.tsx';
import { pinTexts as t } from '../texts.ts';
import { PinForm } from './PinForm.tsx';
import { StepLink } from './StepLink.tsx';
import { AGES } from './steps.ts';
import { type ParentalFlowState, samePins } from './use-parental-flow.ts';

type StepProps = { flow: ParentalFlowState };

/** The age limit: saved at once while control is on (the PIN first, if not entered), else the setup's first step. */
export function AgeStep({ flow: { state, enabled, age, setAge, go, done } }: StepProps) {
  return (
    <PinForm
      busy={state.busy}
      onFields={async () => {
        if (!enabled) return go('setup');
        if (await parentalCalls.setAge(age)) {
          $parental.setKey('ageLimit', age);
          done();
        } else if (state.reason === 'pin_required' || $parental.get().reason === 'pin_required')
          go('checking');
      }}
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
    </PinForm>
  );
}

/** A new PIN, twice, with the age chosen: parental control goes on. */
export function SetupStep({ flow: { state, age, done } }: StepProps) {
  return (
    <PinForm
      busy={state.busy}
      onFields={async ({ pin, repeat }) => {
        if (!samePins(pin, repeat)) return;
        const answer = await parentalCalls.setPin(pin ?? '', age);
        if (!answer) return;
        $parental.setKey('status', 'Enabled');
        $parental.setKey('ageLimit', age);
        setEntered(true);
        done();
      }}
    >
      <p className="pin-lead">{t.setupLead}</p>
      <PinField label={t.pinLabel} name="pin" autoFocus />
      <PinField label={t.repeatPinLabel} name="repeat" />
      <button className="button" type="submit" disabled={state.busy}>
        {t.save}
      </button>
    </PinForm>
  );
}

/** The PIN before the age changes. */
export function CheckingStep({ flow: { state, go } }: StepProps) {
  return (
    <PinForm
      busy={state.busy}
      onFields={async ({ pin }) => {
        if (await enterPin(pin ?? '')) go('age');
      }}
    >
      <p className="pin-lead">{t.checkingLead}</p>
      <PinField label={t.pinLabel} name="pin" autoFocus />
      <button className="button" type="submit" disabled={state.busy}>
        {t.enter}
      </button>
      <StepLink to="recovery" go={go}>
        {t.forgot}
      </StepLink>
    </PinForm>
  );
}

/** The current PIN and a new one, twice. */
export function ChangeStep({ flow: { state, go, done } }: StepProps) {
  return (
    <PinForm
      busy={state.busy}
      onFields={async ({ pin, newPin, repeat }) => {
        if (!samePins(newPin, repeat)) return;
        if (await parentalCalls.changePin(pin ?? '', newPin ?? '')) {
          setEntered(true);
          done();
        }
      }}
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
    </PinForm>
  );
}
