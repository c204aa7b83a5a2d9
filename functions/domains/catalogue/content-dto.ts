import { artImageUrl, artLargest, artSrcset } from '../../shared/art.ts';
import type { AgeRating, Partner, TitleType } from '../../shared/catalogue.ts';
import type { TitleAssets, TitleCard } from './schemas.ts';

/** '16+' from 16: how age ratings are shown and sent. */
export const ageLabel = (age: number) => `${age}+`;

/** The watch route of a title (its page in the catalogue; the player arrives with playback). */
export const watchUrl = (id: number) => `/watch/${id}`;

/** The columns of a title card as the database gives them (content.repo.ts `cardColumns`). */
export interface TitleRow {
  id: number;
  slug: string;
  type: TitleType;
  name: string;
  originalName: string;
  year: number;
  ageRating: AgeRating;
  partner: Partner;
  rating: number | null;
  /** The first two genres' names joined by '|' (null without genres). */
  genreNames?: string | null;
}

/** A title row as a card (schemas.ts `card`). */
export function toCard(row: TitleRow): TitleCard {
  return {
    id: row.id,
    slug: row.slug,
    type: row.type,
    name: row.name,
    originalName: row.originalName,
    year: row.year,
    ageRating: ageLabel(row.ageRating),
    partner: row.partner,
    rating: row.rating,
    genres: row.genreNames ? row.genreNames.split('|') : [],
    assets: titleAssets(row),
    url: watchUrl(row.id),
  };
}

/** Versioned art URLs of a title (the version is the art's, so they can be cached forever). */
export function titleAssets(t: { id: number }): TitleAssets {
  return {
    poster: artImageUrl('poster', t.id, artLargest('poster')),
    background: artImageUrl('background', t.id, artLargest('background')),
    posterSrcset: artSrcset('poster', t.id),
    backgroundSrcset: artSrcset('background', t.id),
  };
}
