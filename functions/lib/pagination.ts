import { z } from 'zod';
import { siteUrl } from './config.ts';
import { isClientParam, isTrackingParam } from './tracking-params.ts';

/** Query of every paginated list: 1-based page, page size up to 60. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(60).default(24),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** A page of results in the spec's list shape (docs/product.md, «How the site talks to the API»): count, next, previous, results. */
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * Wraps one page of rows with absolute next/previous URLs that keep the caller's other filters,
 * on the site's configured origin (never the request's Host), without tracking parameters and
 * without the API client's device and token parameters (the client adds its own to every call).
 * @example paged(rows, total, new URL(c.req.url), { page: 2, page_size: 24 })
 */
export function paged<T>(
  results: T[],
  count: number,
  url: URL,
  { page, page_size }: PageQuery,
): Paged<T> {
  const at = (p: number) => {
    // A list may be shared at the edge: one caller's tracking, device and token parameters stay
    // out of its links.
    const u = siteUrl(url);
    for (const name of [...u.searchParams.keys()])
      if (isTrackingParam(name) || isClientParam(name)) u.searchParams.delete(name);
    u.searchParams.set('page', String(p));
    u.searchParams.set('page_size', String(page_size));
    return u.href;
  };
  return {
    count,
    next: page * page_size < count ? at(page + 1) : null,
    previous: page > 1 ? at(Math.min(page - 1, Math.max(1, Math.ceil(count / page_size)))) : null,
    results,
  };
}
