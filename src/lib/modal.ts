/**
 * The behaviour every modal dialog of the site shares, React's (src/components/ui/ModalDialog.tsx)
 * and the page scripts' (universal-popup.ts): a native <dialog> opened with showModal, so focus
 * moves in (to its first control, or the one marked autofocus), the rest of the page is inert and
 * Escape closes it; when it closes, focus goes back where it was.
 */

export interface ModalOptions {
  /**
   * Where focus goes on close when the element that had it before is gone, or was the page itself
   * (a dialog opened on load): without it the focus is left on the page, and Tab starts again from
   * its top.
   */
  fallback?: () => HTMLElement | null;
}

/**
 * Opens `dialog` as a modal and returns what ends it: a dialog taken off the page while still open
 * (an island that stops drawing it) is closed first, so focus still goes back. Focus that went
 * elsewhere meanwhile stays there. Focus goes back once, on close or on the end, whichever is first.
 * @example
 * const end = openModal(dialog, { fallback: () => document.querySelector('main') }); // later: end()
 */
export function openModal(dialog: HTMLDialogElement, { fallback }: ModalOptions = {}): () => void {
  const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    const now = document.activeElement;
    const lost = !now || now === document.body || dialog.contains(now);
    if (!lost) return;
    const target = back?.isConnected && back !== document.body ? back : fallback?.();
    target?.focus();
  };
  dialog.addEventListener('close', restore);
  if (!dialog.open) dialog.showModal();
  // Also when closed already: an island that stops drawing the dialog from its close handler
  // (React's, which runs before ours) takes it off the page before our handler's turn.
  return () => {
    dialog.removeEventListener('close', restore);
    if (dialog.open) dialog.close();
    restore();
  };
}

/** What a dialog's Tab goes round: its links, buttons and fields that take input. */
const CONTROLS = 'a[href], button:not([disabled]), input:not([disabled])';

// Node's constants, by value: the module also loads where there is no DOM (server rendering).
const PRECEDING = 2;
const FOLLOWING = 4;

/**
 * A keydown handler's part for a dialog whose Tab and Shift+Tab go round its own stops rather than
 * out to the browser's: from the last stop (or anything after it) on to the first, and from the
 * first (or anything before it: the heading, the dialog itself) back to the last. Focus on
 * something between them that is not a stop (a radio of a group with none checked) moves natively.
 * `stops` narrows what counts (a radio group is one stop: its checked radio).
 * @example
 * <dialog onKeyDown={(e) => wrapTab(e, e.currentTarget)}>…</dialog>
 */
export function wrapTab(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  dialog: HTMLElement,
  stops = CONTROLS,
): void {
  if (event.key !== 'Tab') return;
  const controls = [...dialog.querySelectorAll<HTMLElement>(stops)];
  const first = controls[0];
  const last = controls.at(-1);
  const at = document.activeElement;
  if (!first || !last || !at) return;
  const atFirst = at === first || (first.compareDocumentPosition(at) & PRECEDING) !== 0;
  const atLast = at === last || (last.compareDocumentPosition(at) & FOLLOWING) !== 0;
  const wrapTo = event.shiftKey ? (atFirst ? last : null) : atLast ? first : null;
  if (!wrapTo) return;
  event.preventDefault();
  wrapTo.focus();
}
