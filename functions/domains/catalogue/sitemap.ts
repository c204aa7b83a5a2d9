import type { Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { batch } from '../../db/run.ts';
import {
  sitemapChannelsQuery,
  sitemapCollectionsQuery,
  sitemapTitlesQuery,
} from './sitemap.repo.ts';

/**
 * What the sitemap lists of the catalogue: every title (but trailers), collection and TV channel
 * the requester may open (docs/decisions.md, "The sitemap lists what its requester may open").
 */
export async function sitemapEntries(viewer: Viewer) {
  const d = d1();
  const [titleRows, collectionRows, channelRows] = await batch(d, [
    sitemapTitlesQuery(d, viewer),
    sitemapCollectionsQuery(d, viewer),
    sitemapChannelsQuery(d, viewer),
  ]);
  return { titles: titleRows, collections: collectionRows, channels: channelRows };
}
