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

/** Why something may not be seen: the `details.reason` of a 403 and what pages choose a screen by. */
export type SeeReason = 'region_restricted' | 'kid_profile' | 'age_restricted';
/** Why something that may be seen may not be played (docs/product.md, «Who may see what»). */
export type PlayReason = 'sign_in_required' | 'not_entitled' | 'pin_required';
export type Reason = SeeReason | PlayReason;

/** The answer of a rule: allowed, or refused with a reason. */
export type Decision<R extends Reason = Reason> = { allowed: true } | { allowed: false; reason: R };

/** Sections of the site with a rule of their own (the others are open to everyone). */
export type Section = 'kids' | Exclude<Partner, 'none'>;

/** What the rules need to know about an item; a database row of the item has these fields. */
export type Item =
  | { kind: 'title'; type: TitleType; partner: Partner; ageRating: AgeRating }
  | { kind: 'channel'; ageRating: AgeRating }
  | { kind: 'section'; section: Section };

const ALLOWED = { allowed: true } as const;
const refused = <R extends Reason>(reason: R) => ({ allowed: false, reason }) as const;

/** Whether a section is licensed for the CIS only. */
export const isCisOnlySection = (section: Section) =>
  section === 'kids'
    ? CIS_ONLY_TYPES.includes('kids')
    : CIS_ONLY_PARTNERS.includes(section as Partner);

/** Whether a title is licensed for the CIS only (its partner's or its type's section is). */
export const isCisOnlyTitle = (t: { type: TitleType; partner: Partner }) =>
  CIS_ONLY_PARTNERS.includes(t.partner) || CIS_ONLY_TYPES.includes(t.type);

function ageDecision(viewer: Viewer, ageRating: AgeRating): Decision<SeeReason> {
  if (viewer.ageLimit === undefined || ageRating <= viewer.ageLimit) return ALLOWED;
  return refused(viewer.isKid && ageRating > KID_MAX_AGE ? 'kid_profile' : 'age_restricted');
}

/**
 * May this viewer see the item (in a list, on its page, in search, in the sitemap)?
 * @example canSee(viewerOf(edge), { kind: 'title', type: 'movie', partner: 'paramount-plus', ageRating: 16 })
 */
export function canSee(viewer: Viewer, item: Item): Decision<SeeReason> {
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
