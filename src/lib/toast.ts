import { type PendingToast, TOAST_COOKIE } from '../../functions/shared/toasts.ts';

/**
 * Toasts (docs/product.md, «What we keep» and «When things go wrong»: the layout's toast): short notes in the page's one toast region
 * (`role="status"`, rendered by BaseLayout), raised by islands and page scripts. A note meant for
 * the next page (the page reloads, e.g. after a sign-out in another tab) goes through the server.
 */
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

/**
 * Leaves a toast for the next page this tab loads: the server renders it from a one-minute cookie
 * and clears it, so pages without scripts show it too.
 */
export function toastAfterReload(reason: PendingToast): void {
  document.cookie = `${TOAST_COOKIE}=${reason}; path=/; max-age=60; SameSite=Lax`;
}
