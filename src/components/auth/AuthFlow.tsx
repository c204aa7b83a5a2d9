import type { AuthStep } from '../../stores/auth-flow.ts';
import { FlowContext, type ServerState } from './auth-flow/context.ts';
import { SocialErrorPopup } from './auth-flow/Social.tsx';
import { Step } from './auth-flow/steps.tsx';
import { useFlow } from './auth-flow/use-flow.ts';
import { authTexts as t } from './texts.ts';

export type { ServerState };

interface Props {
  /** Where an entry point (/settings/auth, /gifts/auth…) returns after sign-in. */
  backPath?: string;
  /** The step a page opens on when the URL names none (/reset-password: recovery). */
  initialStep?: AuthStep;
  /** The server's message of a failed social sign-in (`?socialError=`), shown in the social-error popup. */
  socialError?: string;
  /**
   * The state the server rendered (the URL's step, or a form posted without JavaScript: its error,
   * the code sent, what was typed); the island starts from it, so the first paint is the truth.
   */
  server?: ServerState;
}

/** The /auth screens: one island, one step at a time, every step a real form. */
export default function AuthFlow({ backPath, initialStep, socialError, server = {} }: Props) {
  const { state, values } = useFlow(server, initialStep, backPath);
  return (
    <FlowContext.Provider value={{ backPath, state, values }}>
      <section className="auth" aria-labelledby="auth-heading">
        <h1 id="auth-heading" tabIndex={-1}>
          {t.heading[state.step]}
        </h1>
        {state.notice && (
          <p className="auth__notice" role="status">
            {state.notice}
          </p>
        )}
        <Step step={state.step} />
        <p className="auth__error" role="alert">
          {state.error}
        </p>
      </section>
      {socialError && <SocialErrorPopup message={socialError} />}
    </FlowContext.Provider>
  );
}
