/** The screens with no form: the overview, the dead code and the success. */
import { pinTexts as t } from '../texts.ts';
import { StepLink } from './StepLink.tsx';
import { ageSuffix } from './steps.ts';
import type { ParentalFlowState } from './use-parental-flow.ts';

/** Where parental control stands, and the steps from there. */
export function OverviewStep({ flow: { state, enabled, go } }: { flow: ParentalFlowState }) {
  return (
    <>
      <p className="pin-lead">
        {t.statusLine[state.status]}
        {ageSuffix(state.status, state.ageLimit)}
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
}

/** The recovery code can no longer work: a new one. */
export function RecoveryErrorStep({ flow: { go } }: { flow: ParentalFlowState }) {
  return (
    <>
      <p className="pin-lead">{t.recoveryErrorLead}</p>
      <StepLink to="recovery" go={go} className="button">
        {t.tryAgain}
      </StepLink>
    </>
  );
}

/** Done: the new state, and the way back to the settings. */
export function SuccessStep({ flow: { state } }: { flow: ParentalFlowState }) {
  return (
    <>
      <p className="pin-notice" role="status">
        {t.successLead}
      </p>
      <p className="pin-lead">
        {t.statusLine[state.status]}
        {ageSuffix(state.status, state.ageLimit)}
      </p>
      <a className="button" href="/settings">
        {t.backToSettings}
      </a>
    </>
  );
}
