/**
 * Toasts (docs/product.md, «What we keep» and «When things go wrong»: the layout's toast): short notes in the page's one toast region
 * (`role="status"`, rendered by BaseLayout), raised by islands and page scripts. A note meant for
 * the next page of this tab (it reloads, e.g. after a sign-out in another tab) waits in the tab's
 * session storage.
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

/** Notes a page leaves for the next page of its tab. */
const PENDING_TOASTS = {
  /** A tab found its session gone without a logout of its own (src/lib/session-sync.ts). */
  'signed-out': 'Вы вышли из аккаунта в другой вкладке или на другом устройстве.',
} as const;
export type PendingToast = keyof typeof PENDING_TOASTS;

/** The session-storage key of a note for the next page (BaseLayout reads it without this module). */
const PENDING_KEY = 'pendingToast';
export type PendingToastKey = typeof PENDING_KEY;

/**
 * Leaves a toast for the next page this tab loads (showPendingToast shows it). Session storage, not
 * a cookie: it is written at once and belongs to this tab, while a cookie written just before a
 * reload can miss the reload's request, and would reach whichever tab loads a page first.
 */
export function toastAfterReload(reason: PendingToast): void {
  try {
    sessionStorage.setItem(PENDING_KEY, reason);
  } catch {
    // Storage blocked by the browser: the page reloads without the note.
  }
}

/** Shows, once, the toast the previous page of this tab left (toastAfterReload). */
export function showPendingToast(): void {
  const reason = sessionStorage.getItem(PENDING_KEY);
  if (reason === null) return;
  sessionStorage.removeItem(PENDING_KEY);
  if (Object.hasOwn(PENDING_TOASTS, reason)) showToast(PENDING_TOASTS[reason as PendingToast]);
}
