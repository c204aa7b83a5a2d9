import type { Context } from 'hono';
import { type Viewer, viewerOf } from '../access/index.ts';
import type { AppEnv } from './app-env.ts';

/**
 * The viewer of an API request, from what the edge middleware learned; `requestedAge` is the
 * request's own `age` parameter.
 * @example const viewer = requestViewer(c, c.req.valid('query').age);
 */
export function requestViewer(c: Context<AppEnv>, requestedAge?: number): Viewer {
  return viewerOf(c.var.edge, requestedAge);
}
