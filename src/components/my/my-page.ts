import type { AstroGlobal } from 'astro';
import { type ListsPageOwner, mySchemas } from '../../../functions/domains/my/index.ts';
import { signedInIds } from '../../lib/account-page.ts';
import { pageViewer } from '../../lib/viewer.ts';

/** Items per page of the /my lists. */
export const MY_PAGE_SIZE = 24;

/**
 * Whose /my page this is: the live-session ids and the profile of the token (the loader checks
 * both against D1), or null for a guest. The page is this profile's alone: never cached.
 */
export function listsOwner(Astro: AstroGlobal): ListsPageOwner | null {
  Astro.response.headers.set('Cache-Control', 'private, no-store');
  const ids = signedInIds(Astro);
  const profileId = Number(Astro.locals.edge.session.userId);
  if (!ids || !Number.isInteger(profileId)) return null;
  return { ...ids, profileId, viewer: pageViewer(Astro) };
}

/** `?page=` of a /my list; a wrong one is the first page. */
export function listPage(Astro: AstroGlobal) {
  const parsed = mySchemas.listQuery.safeParse({
    page: Astro.url.searchParams.get('page') ?? undefined,
    page_size: MY_PAGE_SIZE,
  });
  return parsed.success ? parsed.data : { page: 1, page_size: MY_PAGE_SIZE };
}

/** The sign-in screen that brings the visitor back to this page. */
export const signInEntry = (Astro: AstroGlobal) =>
  `/auth?backPath=${encodeURIComponent(Astro.url.pathname + Astro.url.search)}`;

/** The API's page links of a list page, as the island's store keeps them. */
export function apiLinks(api: string, q: { page: number; page_size: number }, count: number) {
  const at = (page: number) => `${api}?page=${page}&page_size=${q.page_size}`;
  return {
    next: q.page * q.page_size < count ? at(q.page + 1) : null,
    previous: q.page > 1 ? at(q.page - 1) : null,
  };
}
