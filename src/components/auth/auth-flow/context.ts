/**
 * What every step of the sign-in flow shares: where it returns, the state it shows, what the
 * viewer typed into a form the server refused, and the messages under a form's fields.
 */
import { createContext } from 'react';
import { $authFlow, type AuthFlowState } from '../../../stores/auth-flow.ts';

/** The server's first state of the flow, and what the viewer typed into a form it refused. */
export type ServerState = Partial<Omit<AuthFlowState, 'busy'>> & {
  values?: { email?: string; phone?: string; password?: string };
};

/** What every step link and form keeps: where the flow returns, the state, what was typed. */
export const FlowContext = createContext<{
  backPath?: string;
  state: AuthFlowState;
  values: NonNullable<ServerState['values']>;
}>({ state: $authFlow.get(), values: {} });

/** The messages of a step's form under its fields, by field name (src/lib/form-validation.ts). */
export const FieldErrors = createContext<{
  errors: Record<string, string>;
  update: (name: string, message: string | null) => void;
}>({ errors: {}, update: () => {} });
