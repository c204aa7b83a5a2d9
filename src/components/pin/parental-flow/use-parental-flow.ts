import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { $parental, type ParentalStatus } from '../../../stores/parental.ts';
import { fieldsOf } from '../PinField.tsx';
import { pinTexts as t } from '../texts.ts';
import { type ParentalStep, stepHref, stepOf } from './steps.ts';

export interface ParentalFlowProps {
  status: ParentalStatus;
  ageLimit: number;
  pinEntered: boolean;
}

/**
 * The flow's state: the server's until the store holds it, the step the address names (kept in
 * the history, so Back goes a step back), the age chosen and where a code was sent.
 */
export function useParentalFlow(props: ParentalFlowProps) {
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
    if (push) history.pushState({ step: next }, '', stepHref(location.href, next));
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
    const read = () => go(stepOf(location.href), false);
    read();
    addEventListener('popstate', read);
    return () => removeEventListener('popstate', read);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step moves focus to its heading
  useEffect(() => heading.current?.focus(), [step]);

  return {
    state,
    step,
    go,
    age,
    setAge,
    sentTo,
    setSentTo,
    heading,
    enabled: state.status === 'Enabled',
    done: () => go('success'),
  };
}

/** What every step's screen is given. */
export type ParentalFlowState = ReturnType<typeof useParentalFlow>;

/** A form's submit: the page stays, the handler gets the named fields. */
export const submitFields =
  (handler: (fields: Record<string, string>) => Promise<unknown>) =>
  (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void handler(fieldsOf(event.currentTarget));
  };

/** The two new PINs match; else the flow says so. */
export const samePins = (a?: string, b?: string) => {
  if (a === b) return true;
  $parental.setKey('error', t.pinsDiffer);
  return false;
};
