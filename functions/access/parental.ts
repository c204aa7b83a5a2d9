import type { Viewer } from './viewer.ts';

/**
 * Whether the viewer may change parental control (docs/product.md, «Who may see what»): a kid
 * profile may not turn off what guards it. The settings page and its menu ask this.
 * @example mayManageParental(viewer) // false for a kid profile
 */
export function mayManageParental(viewer: Pick<Viewer, 'isKid'>): boolean {
  return !viewer.isKid;
}
