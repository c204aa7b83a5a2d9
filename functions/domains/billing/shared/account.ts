import type { Viewer } from '../../../access/index.ts';
import { ApiError } from '../../../lib/errors.ts';
import { billingTexts as t } from './texts.ts';

/** The viewer's account id, or a 401 for a guest. */
export function accountOf(viewer: Viewer): number {
  const id = Number(viewer.account);
  if (!viewer.account || !Number.isInteger(id))
    throw new ApiError(401, t.signInNeeded, 'unauthorized');
  return id;
}
