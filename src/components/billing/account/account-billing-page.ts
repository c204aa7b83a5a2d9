import type { AstroGlobal } from 'astro';
import { type Viewer, viewerOf } from '../../../../functions/access/index.ts';
import type { LiveSession } from '../../../../functions/lib/index.ts';
import { ApiError, sessionFromLive } from '../../../../functions/lib/index.ts';
import { markMoneyRefused } from '../../../lib/money-pages.ts';

/**
 * The viewer of a billing page's live session: its account, and the profile the session has now
 * (a token issued before a profile switch still names the old one, kid flag included).
 */
export function liveViewer(Astro: AstroGlobal, live: LiveSession): Viewer {
  return viewerOf({ ...Astro.locals.edge, session: sessionFromLive(live) });
}

/**
 * A money page whose session is now a kid profile's, though the token still names the adult it was
 * issued for: the forbidden screen, as src/middleware.ts answers a kid's own token; else null.
 * @example const refused = refuseKidSession(Astro, page.live); if (refused) return refused;
 */
export function refuseKidSession(Astro: AstroGlobal, live: LiveSession): Promise<Response> | null {
  if (!live.isKid) return null;
  markMoneyRefused(Astro.locals, Astro.url);
  return Astro.rewrite('/403');
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
