export type { AgeRating, Partner, TitleType } from '../../shared/catalogue.ts';
export {
  cardColumns,
  listTitlesQuery,
  SORTS,
  withTotal,
} from './content.repo.ts';
export type { TitleRow } from './content-dto.ts';
export { ageLabel, titleAssets, toCard, watchUrl } from './content-dto.ts';
export { facetQueries } from './facets.repo.ts';
export { mediascopeOf, resolvePath } from './metadata.ts';
export type {
  BannerDto,
  PersonalCard,
  ShelfDto,
  ShowcaseDto,
  TitleAssets,
  TitleCard,
} from './schemas.ts';
export * as catalogueSchemas from './schemas.ts';
export { listQuery } from './schemas.ts';
export {
  planSearch,
  presetQuery,
  type SearchPlan,
  type SearchResult,
} from './search.repo.ts';
export {
  collection,
  collections,
  facets,
  type ListFilters,
  newEpisodes,
  newSeasons,
  pageBanners,
  products,
  productTitles,
  recommendations,
  search,
  searchFinish,
  searchPreset,
  seasonDetail,
  sectionsOf,
  showcase,
  TITLE_LISTS,
  titleDetail,
  titleList,
  titleSeasons,
} from './service.ts';
export { toBannerDto, toShowcaseDto } from './showcase-dto.ts';
export type { ShowcaseKey } from './showcases.repo.ts';
export { bannersQuery, showcaseQueries, toShowcase } from './showcases.repo.ts';
export { sitemapEntries } from './sitemap.ts';
export { contentTexts } from './texts.ts';
export { titlePageQueries, toTitlePage } from './title-page.ts';
