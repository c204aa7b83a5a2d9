import { assertCanSee, type Section, type Viewer } from '../../access/index.ts';
import { ApiError } from '../../lib/errors.ts';
import { ageLabel, watchUrl } from './content-dto.ts';
import { titleDetail } from './service.ts';
import { contentTexts } from './texts.ts';

const SECTION_PAGES: Record<string, string> = {
  '/': 'home',
  '/series': 'series',
  '/movies': 'movies',
  '/kids': 'kids',
  '/collections': 'collections',
  '/trailers': 'trailers',
  '/tv': 'tv',
  '/hbo-max': 'hbo-max',
  '/dazn': 'dazn',
  '/kino1tv': 'kino1tv',
  '/paramount-plus': 'paramount-plus',
  '/search': 'search',
};

/** Sections with a rule of their own, by their name in SECTION_PAGES. */
const RULED: Record<string, Section> = {
  kids: 'kids',
  'hbo-max': 'hbo-max',
  dazn: 'dazn',
  kino1tv: 'kino1tv',
  'paramount-plus': 'paramount-plus',
};

/**
 * What a site path shows: a title, a collection or a section; 404 for anything else, 403 for a
 * title or section the viewer may not open (as the page itself answers).
 */
export async function resolvePath(viewer: Viewer, rawPath: string) {
  const path = new URL(rawPath, 'https://x').pathname.replace(/\/+$/, '') || '/';
  const watch = path.match(/^\/watch\/(\d+)$/);
  if (watch) {
    const { title } = await titleDetail(viewer, Number(watch[1]));
    return {
      kind: 'content' as const,
      path,
      content: { id: title.id, type: title.type, name: title.name, url: watchUrl(title.id) },
    };
  }
  const collection = path.match(/^\/collections\/([a-z0-9-]+)$/);
  if (collection) return { kind: 'collection' as const, path, slug: collection[1] };
  const section = SECTION_PAGES[path];
  if (!section) throw new ApiError(404, contentTexts.pathNotFound, 'path_not_found');
  const ruled = RULED[section];
  if (ruled) assertCanSee(viewer, { kind: 'section', section: ruled });
  return { kind: 'section' as const, path, section };
}

/** Mediascope's counter data of a title the viewer may see (a catalogue-wide id and a type). */
export async function mediascopeOf(viewer: Viewer, id: number) {
  const { title } = await titleDetail(viewer, id);
  return {
    contentId: title.id,
    idlc: `amediateka-${title.type}-${title.id}`,
    catalogue: 'amediateka',
    type: title.type === 'series' ? 'serial' : title.type === 'trailer' ? 'promo' : 'film',
    title: title.name,
    ageRating: ageLabel(title.ageRating),
    durationSeconds: (title.durationMin ?? 0) * 60,
  };
}
