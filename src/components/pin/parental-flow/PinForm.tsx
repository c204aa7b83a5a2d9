import type { ReactNode } from 'react';
import { submitFields } from './use-parental-flow.ts';

interface PinFormProps {
  /** A call is under way: the form says so and its button waits. */
  busy: boolean;
  /** Receives the form's fields by name when it is sent. */
  onFields: (fields: Record<string, string>) => Promise<unknown>;
  children: ReactNode;
}

/** One step's form of the parental flow: checked by the flow, not by the browser. */
export function PinForm({ busy, onFields, children }: PinFormProps) {
  return (
    <form className="pin-form" noValidate aria-busy={busy} onSubmit={submitFields(onFields)}>
      {children}
    </form>
  );
}
