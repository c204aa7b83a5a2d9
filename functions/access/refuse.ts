import { ApiError } from '../lib/errors.ts';
import { canSee, type Item, type Reason } from './rules.ts';
import { accessTexts } from './texts.ts';
import type { Viewer } from './viewer.ts';

/** The 403 of a refused decision, with its reason in the envelope. */
export function refusal(decision: { allowed: false; reason: Reason }): ApiError {
  return new ApiError(403, accessTexts[decision.reason], decision.reason);
}

/**
 * Throws the 403 envelope (`details.reason`: region_restricted, kid_profile, age_restricted) when
 * the viewer may not see the item: what a service does for a detail, a section or a page.
 * @example assertCanSee(viewer, { kind: 'section', section: 'kids' })
 */
export function assertCanSee(viewer: Viewer, item: Item): void {
  const decision = canSee(viewer, item);
  if (!decision.allowed) throw refusal(decision);
}
