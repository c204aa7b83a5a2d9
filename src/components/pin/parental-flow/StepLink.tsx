import type { ReactNode } from 'react';
import type { ParentalStep } from './steps.ts';

/** A link to another step: a real URL (works before hydration), switched in place once hydrated. */
export function StepLink({
  to,
  go,
  className = 'pin-link',
  children,
}: {
  to: ParentalStep;
  go: (s: ParentalStep) => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      className={className}
      href={`?step=${to}`}
      onClick={(e) => {
        e.preventDefault();
        go(to);
      }}
    >
      {children}
    </a>
  );
}
