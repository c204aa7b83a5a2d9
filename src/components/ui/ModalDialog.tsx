import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { openModal, wrapTab } from '../../lib/modal.ts';

interface Props {
  /** The dialog's class (its look lives with the feature that uses it). */
  className: string;
  /** The id of the heading, which names the dialog. */
  titleId: string;
  title: ReactNode;
  /** The id of the text that describes it, when there is one. */
  describedBy?: string;
  /** Called once the dialog has closed, by Escape or by `close` from the children. */
  onClose: () => void;
  /** What comes before the heading (an image). */
  before?: ReactNode;
  /** `alertdialog` for an error the viewer must acknowledge (also marked modal for older readers). */
  role?: 'alertdialog';
  /**
   * Given, the heading takes the focus when the dialog opens, and again whenever this value
   * changes (a new screen in the same dialog), rather than the first control.
   */
  focusHeading?: string;
  /** Tab and Shift+Tab go round the dialog's controls, never out to the browser's. */
  keepTab?: boolean;
  /** Where focus goes on close when what had it is gone or was the page (src/lib/modal.ts). */
  focusFallback?: () => HTMLElement | null;
  /** The body; given `close` to end the dialog from its own buttons. */
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * The islands' one modal dialog: a native <dialog> opened with showModal, so focus moves in, the
 * rest of the page is inert and Escape closes it; it closes when it unmounts, and focus goes back
 * where it was (src/lib/modal.ts). It stays in the DOM where it is drawn, so a dialog drawn inside
 * a fullscreen element (the player) shows above it. The page's universal popup
 * (src/lib/universal-popup.ts) is the same element made without React.
 * @example
 * <ModalDialog className="my-error" titleId="my-error-title" title="Ошибка" onClose={done}>
 *   {(close) => <button type="button" onClick={close}>Закрыть</button>}
 * </ModalDialog>
 */
export default function ModalDialog({
  className,
  titleId,
  title,
  describedBy,
  onClose,
  before,
  role,
  focusHeading,
  keepTab,
  focusFallback,
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // A layout effect: its cleanup runs while the dialog is still on the page, so a dialog that
  // unmounts open is closed there and gives the focus back. The fallback is read once, at open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once, for the dialog's life
  useLayoutEffect(() => {
    const dialog = ref.current;
    return dialog ? openModal(dialog, { fallback: focusFallback }) : undefined;
  }, []);
  // After the layout effect: the dialog is open, so its heading can take the focus.
  useEffect(() => {
    if (focusHeading !== undefined) heading.current?.focus();
  }, [focusHeading]);
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      className={className}
      role={role}
      aria-modal={role ? true : undefined}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onClose={onClose}
      onKeyDown={keepTab ? (event) => wrapTab(event, event.currentTarget) : undefined}
    >
      {before}
      <h2 id={titleId} ref={heading} tabIndex={focusHeading === undefined ? undefined : -1}>
        {title}
      </h2>
      {typeof children === 'function' ? children(close) : children}
    </dialog>
  );
}
