import { type ReactNode, useEffect, useId, useRef } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  /** Esc and the close button; without it the dialog has no way out but its own actions. */
  onClose?: () => void;
  closeText?: string;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog inside the player: focus moves to its first control, Tab stays inside, Esc
 * closes, and focus goes back where it was when it closes.
 */
export function Dialog({ title, children, onClose, closeText, className }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    return () => {
      if (before?.isConnected) before.focus();
    };
  }, []);
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape' && onClose) {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !box.current) return;
    const all = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = all[0];
    const last = all.at(-1);
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="player-dialog__backdrop">
      <div
        ref={box}
        className={`player-dialog ${className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="player-dialog__title">
          {title}
        </h2>
        {children}
        {onClose && (
          <p className="player-dialog__actions">
            <button type="button" className="player-dialog__close" onClick={onClose}>
              {closeText ?? 'Закрыть'}
            </button>
          </p>
        )}
      </div>
    </div>
  );
}
