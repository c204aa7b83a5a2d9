/**
 * What pages (Astro frontmatter, on the server) may use of the platform: configuration, the
 * error type services throw, the visitor's session and the islands' data block. Pages reach
 * domains through their own entries (functions/domains/<domain>/index.ts).
 */

export { appConfigFor, appConfigJson } from './app-config-data.ts';
export type { AppEnv, ClientFacts, EdgeContext } from './app-env.ts';
export { config, siteUrl } from './config.ts';
export { cookieHeader } from './cookies.ts';
export { ApiError } from './errors.ts';
export { logger } from './log.ts';
export type { Paged } from './pagination.ts';
export { reportError } from './report.ts';
export { idParam, paramOf, slug } from './schemas.ts';
export type { LiveSession, SessionInfo } from './session-token.ts';
export { sessionFromLive } from './session-token.ts';
export { sharedViewer } from './shared-viewer.ts';
export {
  asRendered,
  UNAVAILABLE_HEADERS,
  UNAVAILABLE_MARK,
  unavailableReason,
} from './unavailable.ts';
