import { env } from 'cloudflare:workers';

declare const __BUILD_ID__: string | undefined;
/** The build this Worker runs (astro.config.mjs); Worker tests run unbuilt source. */
const BUILD = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'source';

/**
 * The deployed version of this Worker that answers: the id of the version metadata binding
 * (wrangler.toml `[version_metadata]`). Static assets are deployed with their version, and the
 * Cache API is shared by all versions, so each version (two at once in a gradual deployment, an
 * old one again after a rollback) keeps its own entries. The build id where the binding is missing.
 * @example deployedVersion() // a UUID; `wrangler dev` makes up a new one at each start and reload
 */
export function deployedVersion(): string {
  const metadata: WorkerVersionMetadata | undefined = env.CF_VERSION_METADATA;
  return metadata?.id || BUILD;
}

/**
 * The named Cache API store of the edge cache (one per data centre in production): guest pages
 * and CMS answers (functions/middleware/edge-cache.ts) and media segments
 * (functions/domains/playback/segment-cache.ts), under keys that never meet.
 */
export const openEdgeCache = () => caches.open('edge');
