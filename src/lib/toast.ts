/**
 * Toasts (spec sections 3 and 8: the layout's toast): short notes in the page's one toast region
 * (`role="status"`, rendered by BaseLayout), raised by islands and page scripts. A note meant for
 * the next page (the page reloads, e.g. after a sign-out in another tab) waits in session storage.
 */
const PENDING_KEY = 'toast';
/** How long a toast stays: long enough to read two lines. */
const TOAST_MS = 6_000;

/**
 * Shows `text` in the toast region for a few seconds.
 * @example showToast('Профиль сохранён')
 */
export function showToast(text: string): void {
  const region = document.getElementById('toasts');
  if (!region) return;
  const note = document.createElement('p');
  note.className = 'toast';
  note.textContent = text;
  region.hidden = false;
  region.appendChild(note);
  setTimeout(() => {
    note.remove();
    region.hidden = !region.hasChildNodes();
  }, TOAST_MS);
}

/** Keeps `text` for the next page this tab loads (see showPendingToast). */
export function toastAfterReload(text: string): void {
  sessionStorage.setItem(PENDING_KEY, text);
}

/** Shows, once, a toast an earlier page of this tab left for this one. */
export function showPendingToast(): void {
  const text = sessionStorage.getItem(PENDING_KEY);
  if (!text) return;
  sessionStorage.removeItem(PENDING_KEY);
  showToast(text);
}
