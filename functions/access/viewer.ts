import type { DeviceType } from '../shared/device.ts';
import { type AgeRating, narrowAge } from './age.ts';
import type { RegionGroup } from './region.ts';

/**
 * Who is asking, as the access rules see them: built once per request from the edge context's
 * plain fields (never from Hono's or Astro's context), so routes, pages and services share it.
 */
export interface Viewer {
  /** The signed-in account; null for a guest. */
  account: string | null;
  /** The profile (user) in use; null for a guest. */
  profile: string | null;
  isKid: boolean;
  /**
   * The highest age rating this viewer may see: the kid cap, narrowed by an explicit `age` request
   * parameter; undefined when nothing limits it. The parental-control age setting asks for a PIN
   * before playback rather than hiding titles, so it joins `canPlay` with playback.
   */
  ageLimit: AgeRating | undefined;
  regionGroup: RegionGroup;
  device: DeviceType;
  ip: string;
}

/** The fields of the edge context (`c.var.edge`, `Astro.locals.edge`) a viewer is made of. */
export interface ViewerSource {
  session: { accountId: string | null; userId: string | null; isKid: boolean };
  geo: { regionGroup: RegionGroup; ip: string };
  device: { type: DeviceType };
}

/**
 * The viewer of a request; `requestedAge` is the client's explicit `age` parameter, which can only
 * narrow what the viewer sees (a kid profile stays at 6+ whatever it asks).
 * @example viewerOf(edge, 12).ageLimit // 12 for an adult, 6 for a kid profile
 */
export function viewerOf(edge: ViewerSource, requestedAge?: number): Viewer {
  const { session, geo, device } = edge;
  return {
    account: session.accountId,
    profile: session.userId,
    isKid: session.isKid,
    ageLimit: narrowAge(session.isKid, requestedAge),
    regionGroup: geo.regionGroup,
    device: device.type,
    ip: geo.ip,
  };
}
