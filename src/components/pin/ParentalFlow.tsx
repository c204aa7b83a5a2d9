import type { ReactNode } from 'react';
import { RecoveryStep, VerificationStep } from './parental-flow/code-steps.tsx';
import { AgeStep, ChangeStep, CheckingStep, SetupStep } from './parental-flow/pin-steps.tsx';
import { OverviewStep, RecoveryErrorStep, SuccessStep } from './parental-flow/status-steps.tsx';
import type { ParentalStep } from './parental-flow/steps.ts';
import {
  type ParentalFlowProps,
  type ParentalFlowState,
  useParentalFlow,
} from './parental-flow/use-parental-flow.ts';
import { pinTexts as t } from './texts.ts';
import './pin.css';

/** Each step's screen (parental-flow/): the overview, the forms, the dead code, the success. */
const SCREENS: Record<ParentalStep, (p: { flow: ParentalFlowState }) => ReactNode> = {
  overview: OverviewStep,
  age: AgeStep,
  setup: SetupStep,
  checking: CheckingStep,
  change: ChangeStep,
  recovery: RecoveryStep,
  recoveryError: RecoveryErrorStep,
  verification: VerificationStep,
  success: SuccessStep,
};

/** /settings/parental: one island, one step at a time, every step a real form. */
export default function ParentalFlow(props: ParentalFlowProps) {
  const flow = useParentalFlow(props);
  const Screen = SCREENS[flow.step];
  return (
    <section className="pin-flow" aria-labelledby="pin-flow-heading">
      <h1 id="pin-flow-heading" ref={flow.heading} tabIndex={-1}>
        {flow.step === 'overview' ? t.popupSetupTitle : t.heading[flow.step]}
      </h1>
      <Screen flow={flow} />
      <p className="pin-error" role="alert">
        {flow.state.error}
      </p>
    </section>
  );
}
