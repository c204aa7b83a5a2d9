import { AGE_RATINGS, type AgeRating } from '../db/catalogue-schema.ts';
import type { SessionInfo } from '../lib/session-token.ts';

export type { AgeRating };

/** Kid profiles see at most 6+ content, whatever the request asks (enforced on the server). */
export const KID_MAX_AGE: AgeRating = 6;

/**
 * The highest age rating a viewer may see: the requested limit, capped for a kid profile; the one
 * rule behind the API and the pages.
 * @example maxAgeFor({ isKid: true }, 16) // 6; maxAgeFor({ isKid: false }) // undefined (no limit)
 */
export function maxAgeFor(
  session: Pick<SessionInfo, 'isKid'>,
  requested?: number,
): AgeRating | undefined {
  const cap = session.isKid ? KID_MAX_AGE : undefined;
  const wanted =
    requested === undefined
      ? undefined
      : ([...AGE_RATINGS].reverse().find((a) => a <= requested) ?? 0);
  if (cap === undefined) return wanted;
  return wanted === undefined ? cap : (Math.min(cap, wanted) as AgeRating);
}
