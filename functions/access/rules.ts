import type { Partner, TitleType } from '../shared/catalogue.ts';
import { type AgeRating, KID_MAX_AGE } from './age.ts';
import type { Viewer } from './viewer.ts';

/**
 * The rule table (docs/product.md, "Who may see what"): content licensed for the CIS only, the
 * kid cap and an explicit age limit. Playback (canPlay) adds entitlement rules to the same place.
 */

/** Partners whose titles and section are licensed for the CIS only (docs/product.md, «Screens and routes»: Paramount+). */
export const CIS_ONLY_PARTNERS: readonly Partner[] = ['paramount-plus'];
/** Title types whose section is CIS only (docs/product.md, «Screens and routes»: Детям); its titles follow the section. */
export const CIS_ONLY_TYPES: readonly TitleType[] = ['kids'];

/** Why something is refused: the `details.reason` of a 403 and what pages choose a screen by. */
export type Reason = 'region_restricted' | 'kid_profile' | 'age_restricted';

/** The answer of a rule: allowed, or refused with a reason (later rules add their own reasons). */
export type Decision = { allowed: true } | { allowed: false; reason: Reason };

/** Sections of the site with a rule of their own (the others are open to everyone). */
export type Section = 'kids' | Exclude<Partner, 'none'>;

/** What the rules need to know about an item; a database row of the item has these fields. */
export type Item =
  | { kind: 'title'; type: TitleType; partner: Partner; ageRating: AgeRating }
  | { kind: 'channel'; ageRating: AgeRating }
  | { kind: 'section'; section: Section };

const ALLOWED: Decision = { allowed: true };
const refused = (reason: Reason): Decision => ({ allowed: false, reason });

/** Whether a section is licensed for the CIS only. */
export const isCisOnlySection = (section: Section) =>
  section === 'kids'
    ? CIS_ONLY_TYPES.includes('kids')
    : CIS_ONLY_PARTNERS.includes(section as Partner);

/** Whether a title is licensed for the CIS only (its partner's or its type's section is). */
export const isCisOnlyTitle = (t: { type: TitleType; partner: Partner }) =>
  CIS_ONLY_PARTNERS.includes(t.partner) || CIS_ONLY_TYPES.includes(t.type);

function ageDecision(viewer: Viewer, ageRating: AgeRating): Decision {
  if (viewer.ageLimit === undefined || ageRating <= viewer.ageLimit) return ALLOWED;
  return refused(viewer.isKid && ageRating > KID_MAX_AGE ? 'kid_profile' : 'age_restricted');
}

/**
 * May this viewer see the item (in a list, on its page, in search, in the sitemap)?
 * @example canSee(viewerOf(edge), { kind: 'title', type: 'movie', partner: 'paramount-plus', ageRating: 16 })
 */
export function canSee(viewer: Viewer, item: Item): Decision {
  const cis = viewer.regionGroup === 'cis';
  switch (item.kind) {
    case 'section':
      return cis || !isCisOnlySection(item.section) ? ALLOWED : refused('region_restricted');
    case 'channel':
      return ageDecision(viewer, item.ageRating);
    case 'title':
      if (!cis && isCisOnlyTitle(item)) return refused('region_restricted');
      return ageDecision(viewer, item.ageRating);
  }
}

/**
 * May this viewer play the item? For now exactly what they may see; the PIN of the parental age
 * setting and the subscription or purchase that unlocks a title join here, with their own reasons.
 */
export function canPlay(viewer: Viewer, item: Item): Decision {
  return canSee(viewer, item);
}
