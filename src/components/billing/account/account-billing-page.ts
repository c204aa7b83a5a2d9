import type { AstroGlobal } from 'astro';
import type { Viewer } from '../../../../functions/access/index.ts';
import type { LiveSession } from '../../../../functions/lib/index.ts';
import { ApiError } from '../../../../functions/lib/index.ts';
import { pageViewer } from '../../../lib/viewer.ts';

/** The viewer of a billing page's live session (the account the page was loaded for). */
export function liveViewer(Astro: AstroGlobal, live: LiveSession): Viewer {
  return { ...pageViewer(Astro), account: String(live.accountId), profile: String(live.userId) };
}

/** Where a billing page sends a guest: sign in, then back to this page. */
export const signInBack = (path: string) => `/auth?backPath=${encodeURIComponent(path)}`;

/**
 * Runs a form's action: its redirect (Post/Redirect/Get) on success, or the service's refusal as
 * the page's error with its status.
 */
export async function formAction(
  Astro: AstroGlobal,
  act: () => Promise<string>,
): Promise<{ redirect: Response } | { error: string }> {
  try {
    return { redirect: Astro.redirect(await act(), 303) };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    Astro.response.status = e.status;
    return { error: e.message };
  }
}

/** A positive integer form field or query parameter, or null. */
export function idField(value: FormDataEntryValue | string | null): number | null {
  return typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0
    ? Number(value)
    : null;
}
