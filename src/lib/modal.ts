/**
 * The behaviour every modal dialog of the site shares, React's (src/components/ui/ModalDialog.tsx)
 * and the page scripts' (universal-popup.ts): a native <dialog> opened with showModal, so focus
 * moves in (to its first control, or the one marked autofocus), the rest of the page is inert and
 * Escape closes it; when it closes, focus goes back where it was.
 */

/**
 * Opens `dialog` as a modal and returns what ends it: a dialog taken off the page while still open
 * (an island that stops drawing it) is closed first, so focus still goes back. Focus that went
 * elsewhere meanwhile stays there.
 * @example
 * const end = openModal(dialog); // later: end()
 */
export function openModal(dialog: HTMLDialogElement): () => void {
  const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const restore = () => {
    const now = document.activeElement;
    const lost = !now || now === document.body || dialog.contains(now);
    if (lost && back?.isConnected && back !== document.body) back.focus();
  };
  dialog.addEventListener('close', restore);
  if (!dialog.open) dialog.showModal();
  return () => {
    dialog.removeEventListener('close', restore);
    if (!dialog.open) return;
    dialog.close();
    restore();
  };
}
