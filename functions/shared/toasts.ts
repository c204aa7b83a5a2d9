/**
 * Toasts a page raises on the server for something that happened before it loaded (docs/product.md, «What we keep»
 * and 8). The reason travels in a short-lived cookie the page reads and clears, so the page needs no
 * script to show it; such a request is never answered from the shared edge cache.
 */
export const TOAST_COOKIE = 'toast';

export const PENDING_TOASTS = {
  /** A tab found its session gone without a logout of its own (src/lib/session-sync.ts). */
  'signed-out': 'Вы вышли из аккаунта в другой вкладке или на другом устройстве.',
} as const;
export type PendingToast = keyof typeof PENDING_TOASTS;

/** The text of a pending toast's cookie value, or undefined for none (or an unknown one). */
export const pendingToastText = (value: string | undefined): string | undefined =>
  value && Object.hasOwn(PENDING_TOASTS, value) ? PENDING_TOASTS[value as PendingToast] : undefined;
