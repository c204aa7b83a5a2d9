import { AGE_RATINGS, type AgeRating } from '../shared/catalogue.ts';

export type { AgeRating };

/** Kid profiles see at most 6+ content, whatever the request asks (enforced on the server). */
export const KID_MAX_AGE: AgeRating = 6;

/**
 * The highest age rating a viewer may see: the requested limit (rounded down to a rating), capped
 * for a kid profile; undefined when neither limits it.
 * @example narrowAge(true, 16) // 6; narrowAge(false, 14) // 12; narrowAge(false) // undefined
 */
export function narrowAge(isKid: boolean, requested?: number): AgeRating | undefined {
  const cap = isKid ? KID_MAX_AGE : undefined;
  const wanted =
    requested === undefined
      ? undefined
      : ([...AGE_RATINGS].reverse().find((a) => a <= requested) ?? 0);
  if (cap === undefined) return wanted;
  return wanted === undefined ? cap : (Math.min(cap, wanted) as AgeRating);
}
