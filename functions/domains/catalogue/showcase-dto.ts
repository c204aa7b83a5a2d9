import { type TitleRow, toCard, watchUrl } from './content-dto.ts';
import type { BannerDto, ShelfDto, ShowcaseDto } from './schemas.ts';
import type { BannerRow, FoundShowcase } from './showcases.repo.ts';

/** A showcase's rows (`toShowcase`) as the answer of `/cms/showcases/…` and the shelves of pages. */
export function toShowcaseDto(found: FoundShowcase): ShowcaseDto {
  return {
    id: found.showcase.id,
    slug: found.showcase.slug,
    name: found.showcase.name,
    kind: found.showcase.kind,
    shelves: found.shelves.map((shelf): ShelfDto => {
      const base = {
        id: shelf.id,
        name: shelf.name,
        wide: shelf.wide,
        partner: shelf.partner,
        collection: shelf.collectionId,
        collectionSlug: shelf.collectionSlug,
      };
      switch (shelf.kind) {
        case 'cw':
        case 'nw':
          // Continue watching and now watching are per viewer: playback fills them for signed-in viewers.
          return { ...base, kind: shelf.kind, personal: true, items: [] };
        case 'blog':
          return {
            ...base,
            kind: 'blog',
            items: found.items
              .filter((i) => i.shelfId === shelf.id && i.url)
              .map((i) => ({ headline: i.headline ?? '', url: i.url! })),
          };
        case 'episodes':
          return {
            ...base,
            kind: 'episodes',
            items: found.episodes.map((e) => ({
              episodeId: e.episodeId,
              number: e.episodeNumber,
              name: e.episodeName,
              seasonNumber: e.seasonNumber,
              releasedAt: e.episodeReleasedAt,
              content: toCard(e),
              // The new episode's place on its series page, marked (scripts-off too, by the fragment).
              url: `${watchUrl(e.id)}?season=${e.seasonNumber}&episode=${e.episodeNumber}#episode-${e.seasonNumber}-${e.episodeNumber}`,
            })),
          };
        default: {
          const explicit = found.items.filter((i) => i.shelfId === shelf.id && i.id !== null);
          const derived = shelf.kind === 'editors' ? found.collectionItems : found.partnerItems;
          const rows = explicit.length ? explicit : derived.filter((i) => i.shelfId === shelf.id);
          return { ...base, kind: shelf.kind, items: rows.map((r) => toCard(r as TitleRow)) };
        }
      }
    }),
  };
}

/** A page banner: headline, text and the title it leads to. */
export function toBannerDto(row: BannerRow): BannerDto {
  return { id: row.bannerId, headline: row.headline, text: row.text, content: toCard(row) };
}
