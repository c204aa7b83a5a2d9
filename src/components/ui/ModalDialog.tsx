import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { openModal } from '../../lib/modal.ts';

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
  children,
}: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  // A layout effect: its cleanup runs while the dialog is still on the page, so a dialog that
  // unmounts open is closed there and gives the focus back.
  useLayoutEffect(() => {
    const dialog = ref.current;
    return dialog ? openModal(dialog) : undefined;
  }, []);
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
    >
      {before}
      <h2 id={titleId}>{title}</h2>
      {typeof children === 'function' ? children(close) : children}
    </dialog>
  );
}
