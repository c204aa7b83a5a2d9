/**
 * The catalogue's closed value sets (migration 0002_catalogue.sql checks the same values): title
 * types, age ratings, partners, shelf kinds and product buy types.
 */
export const TITLE_TYPES = ['movie', 'series', 'kids', 'trailer'] as const;
export type TitleType = (typeof TITLE_TYPES)[number];
export const AGE_RATINGS = [0, 6, 12, 16, 18] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];
export const PARTNERS = ['hbo-max', 'dazn', 'kino1tv', 'paramount-plus', 'none'] as const;
export type Partner = (typeof PARTNERS)[number];
export const SHELF_KINDS = ['cw', 'nw', 'editors', 'partner', 'blog', 'episodes'] as const;
export type ShelfKind = (typeof SHELF_KINDS)[number];
export const BUY_TYPES = ['SVOD', 'TVOD', 'EST'] as const;
export type BuyType = (typeof BUY_TYPES)[number];
