import {
  EM_EXPERIMENT_COOKIE,
  EM_STATE,
  experimentVariants,
} from '../../../shared/event-manager.ts';

/**
 * What the event manager's experiments change on the payment pages (README, «Event manager»):
 * the steps group (two-step, three-step, or two steps with offer 2) on /payment, and the SBP
 * button's variant on /payment-type. Read from the visitor's kept variants (the `em_experiment`
 * cookie the event manager sets), else from the last state event the client stored (`em_state`);
 * `steps=two|three` in the query still wins for the steps, and the older `steps` cookie is the
 * last resort.
 */
export interface PaymentVariants {
  steps: 'two' | 'three';
  /** Offer 2 («Первый месяц за 199 ₽») on the periods that carry it, for a new subscriber. */
  offer2: boolean;
  /** /payment-type shows its own «Быстрая оплата через СБП» button (SBP stays a method for all). */
  sbpButton: boolean;
}

const STEPS_OF_VARIANT: Record<string, 'two_step' | 'three_step' | 'offer2'> = {
  two_step: 'two_step',
  three_step: 'three_step',
  offer2: 'offer2',
};
const STEPS_OF_STATE: Record<string, 'two_step' | 'three_step' | 'offer2'> = {
  TwoStepPayment: 'two_step',
  ThreeStepPayment: 'three_step',
  Offer2: 'offer2',
};

/**
 * The payment pages' variants for this request.
 * @example paymentVariants(new URLSearchParams(), (n) => ({ em_experiment: 'sbp:sbp,steps:offer2' })[n]) // { steps: 'two', offer2: true, sbpButton: true }
 */
export function paymentVariants(
  query: URLSearchParams,
  cookie: (name: string) => string | undefined,
): PaymentVariants {
  const kept = experimentVariants(cookie(EM_EXPERIMENT_COOKIE));
  const state = cookie(EM_STATE) ?? '';
  const asked = query.get('steps');
  const legacy = cookie('steps');
  const group =
    asked === 'two' || asked === 'three'
      ? null
      : (STEPS_OF_VARIANT[kept.steps ?? ''] ?? STEPS_OF_STATE[state] ?? null);
  const steps: PaymentVariants['steps'] =
    asked === 'two' || asked === 'three'
      ? asked
      : group === 'three_step'
        ? 'three'
        : group
          ? 'two'
          : legacy === 'three'
            ? 'three'
            : 'two';
  const sbpButton = kept.sbp !== undefined ? kept.sbp === 'sbp' : state === 'SbpPaymentButton';
  return { steps, offer2: group === 'offer2', sbpButton };
}
