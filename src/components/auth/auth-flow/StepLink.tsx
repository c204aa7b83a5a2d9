import { type ReactNode, useContext } from 'react';
import { type AuthStep, goToStep } from '../../../stores/auth-flow.ts';
import { FlowContext } from './context.ts';
import { stepHref } from './links.ts';

/**
 * A link to another step: a real URL, so it works before the island hydrates (a page load), and
 * switches in place once it has.
 */
export function StepLink({
  to,
  className = 'link-button',
  children,
}: {
  to: AuthStep;
  className?: string;
  children: ReactNode;
}) {
  const { backPath } = useContext(FlowContext);
  return (
    <a
      className={className}
      href={stepHref(to, backPath)}
      onClick={(event) => {
        event.preventDefault();
        goToStep(to);
      }}
    >
      {children}
    </a>
  );
}
