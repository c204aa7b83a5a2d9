import type { AgeRating, Partner, TitleType } from '../../shared/catalogue.ts';
import { artUrl, titleSubject } from '../media/index.ts';

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
}

/** A title as a card in lists, shelves and search results: the row with its age label, art and URL. */
export interface TitleCard extends Omit<TitleRow, 'ageRating'> {
  ageRating: string;
  assets: { poster: string; background: string };
  url: string;
}

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
    assets: titleAssets(row),
    url: watchUrl(row.id),
  };
}

/** Versioned art URLs of a title (they change when its name does, so they can be cached forever). */
export function titleAssets(t: { id: number; name: string; year: number; type: TitleType }) {
  const subject = titleSubject(t);
  return { poster: artUrl('poster', subject), background: artUrl('background', subject) };
}
