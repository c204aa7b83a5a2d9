export type { AgeRating, Partner, TitleType } from '../../db/catalogue-schema.ts';
export {
  findSeason,
  findTitle,
  listTitles,
  listTitlesQuery,
  recommendationsFor,
  SORTS,
  seasonsOf,
  titlePageQueries,
  toTitlePage,
  withTotal,
} from './content.repo.ts';
export type { TitleCard } from './content-dto.ts';
export { ageLabel, titleAssets, toCard, watchUrl } from './content-dto.ts';
export { facetQueries, loadFacets } from './facets.repo.ts';
export { premiereEpisodes, premiereSeasons } from './premieres.repo.ts';
export { listProducts, productContent } from './products.repo.ts';
export { listQuery } from './schemas.ts';
export { presetTitles, searchTitles } from './search.repo.ts';
export type { BannerDto, ShelfDto } from './showcase-dto.ts';
export { toBannerDto, toShowcaseDto } from './showcase-dto.ts';
export type { ShowcaseKey } from './showcases.repo.ts';
export {
  bannersQuery,
  findBanners,
  findCollection,
  findShowcase,
  listCollections,
  showcaseQueries,
  toShowcase,
} from './showcases.repo.ts';
export { sitemapEntries } from './sitemap.ts';
export { contentTexts } from './texts.ts';
