import type { Viewer } from '../../access/index.ts';
import { d1 } from '../../db/client.ts';
import { batch } from '../../db/run.ts';
import type { TitleType } from '../../shared/catalogue.ts';
import { techPageDatesQuery } from '../tech-pages/index.ts';
import {
  type SitemapTitle,
  sitemapChannelsQuery,
  sitemapCollectionsQuery,
  sitemapTitlesQuery,
} from './sitemap.repo.ts';

/** The section that lists each type of title (docs/product.md, «Screens and routes»). */
const SECTION_OF_TYPE: Record<TitleType, string> = {
  series: '/series',
  movie: '/movies',
  kids: '/kids',
  trailer: '/trailers',
};

const newest = (dates: number[]) => dates.reduce((a, b) => Math.max(a, b), 0);

/**
 * When each catalogue section last changed, by path: the newest change among the titles it lists
 * (by type, a partner's by partner: /hbo-max …), the collections for /collections, the channels for
 * /tv, and all of them for the home page. Only what the viewer may see counts.
 */
function sectionDates(
  titles: SitemapTitle[],
  collections: { changedAt: number }[],
  channels: { changedAt: number }[],
): Map<string, number> {
  const sections = new Map<string, number>();
  const bump = (path: string, at: number) =>
    sections.set(path, Math.max(sections.get(path) ?? 0, at));
  for (const t of titles) {
    bump(SECTION_OF_TYPE[t.type], t.changedAt);
    if (t.partner !== 'none') bump(`/${t.partner}`, t.changedAt);
  }
  bump('/collections', newest(collections.map((c) => c.changedAt)));
  bump('/tv', newest(channels.map((c) => c.changedAt)));
  bump('/', newest([...sections.values()]));
  return sections;
}

/**
 * What the sitemap lists of the catalogue and the help pages: every title (but trailers),
 * collection and TV channel the requester may open (docs/decisions.md, "The sitemap lists what its
 * requester may open"), each with when its content last changed (unix seconds), the same for the
 * catalogue's sections (by path) and the tech pages (by slug); one D1 round trip.
 */
export async function sitemapEntries(viewer: Viewer, now: number) {
  const d = d1();
  const [titles, collections, channels, techPages] = await batch(d, [
    sitemapTitlesQuery(d, viewer, now),
    sitemapCollectionsQuery(d, viewer),
    sitemapChannelsQuery(d, viewer, now),
    techPageDatesQuery(d),
  ]);
  return {
    titles: titles.filter((t) => t.type !== 'trailer'),
    collections,
    channels,
    sections: sectionDates(titles, collections, channels),
    techPages: new Map(techPages.map((p) => [p.slug, p.changedAt])),
  };
}
