/**
 * Profile state of docs/product.md, «What we keep» (profileList, currentProfile, selectedProfile, avatars,
 * kidsAvailable) and the kid-switch flag of docs/product.md, «How things change» ("Kid profile switch sets an in-progress
 * flag and the page is hidden meanwhile"). The island renders it; the calls live here.
 */
import { map } from 'nanostores';
import type { Avatar, Profile } from '../../functions/domains/profiles/index.ts';
import { profilesTexts as t } from '../components/profiles/texts.ts';
import { type ApiResult, api, errorMessage, errorReason, isOk } from '../lib/api-client.ts';
import { writePinStatus } from '../lib/pin-tabs.ts';
import { reportFailure } from '../lib/report.ts';
import { trackCall } from './call-state.ts';

export type ProfileItem = Profile & { current?: boolean };

interface ProfilesState {
  profileList: ProfileItem[];
  /** Id of the profile this browser is on. */
  currentProfile: number | null;
  /** The profile a dialog is open for (edit, delete, PIN), or null. */
  selectedProfile: number | null;
  avatars: Avatar[];
  kidsAvailable: boolean;
  /** docs/product.md, «How things change»: a switch to a kid profile is under way; the page is hidden meanwhile. */
  kidSwitchInProgress: boolean;
  /** A switch back to an adult profile waits for the PIN (parental control). */
  pinNeeded: boolean;
  busy: boolean;
  error: string | null;
  /** A short note for the live region after a change. */
  notice: string | null;
}

const initial: ProfilesState = {
  profileList: [],
  currentProfile: null,
  selectedProfile: null,
  avatars: [],
  kidsAvailable: false,
  kidSwitchInProgress: false,
  pinNeeded: false,
  busy: false,
  error: null,
  notice: null,
};

export const $profiles = map<ProfilesState>({ ...initial });

/** Where the browser goes after a switch; replaced in tests. */
export const navigation = { go: (url: string) => window.location.assign(url) };

/** What a report says about a failed call: its status and reason, nothing the viewer typed. */
const failureOf = (result: ApiResult) => ({
  status: result.status,
  reason: errorReason(result),
});

export function initProfiles(
  data: Pick<ProfilesState, 'profileList' | 'currentProfile' | 'avatars' | 'kidsAvailable'>,
) {
  $profiles.set({ ...initial, ...data });
}

export function selectProfile(id: number | null) {
  $profiles.set({ ...$profiles.get(), selectedProfile: id, pinNeeded: false, error: null });
}

/** Runs one call with the busy flag (call-state.ts); the last change's notice goes with it. */
function run<T>(call: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  $profiles.setKey('notice', null);
  return trackCall($profiles, call);
}

/** docs/product.md, «How the site talks to the API»: after creating, the list is fetched again (with kids availability). */
async function refreshProfiles(): Promise<void> {
  const [list, kids] = await Promise.all([
    api.get<{ results: ProfileItem[] }>('/auth/users/'),
    api.get<{ available: boolean }>('/auth/users/kids/availability'),
  ]);
  if (isOk(list) && list.data) {
    const current = list.data.results.find((p) => p.current)?.id ?? $profiles.get().currentProfile;
    $profiles.set({ ...$profiles.get(), profileList: list.data.results, currentProfile: current });
  }
  if (isOk(kids) && kids.data) $profiles.setKey('kidsAvailable', kids.data.available);
}

export async function createProfile(body: {
  name: string;
  isKid: boolean;
  avatarId?: number;
}): Promise<boolean> {
  const result = await run(() => api.post<Profile>('/auth/users/', body));
  if (!isOk(result) || !result.data) {
    reportFailure('profile_creation', failureOf(result));
    return false;
  }
  await refreshProfiles();
  $profiles.setKey('notice', t.created(result.data.name));
  return true;
}

export async function updateProfile(
  id: number,
  patch: { name?: string; isKid?: boolean; avatarId?: number },
): Promise<boolean> {
  const result = await run(() => api.patch<Profile>(`/auth/users/${id}/`, patch));
  if (!isOk(result) || !result.data) {
    // A new avatar that did not take is one of the failures the product reports.
    if (patch.avatarId !== undefined)
      reportFailure('avatar_change', { ...failureOf(result), avatarId: patch.avatarId });
    return false;
  }
  const updated = result.data;
  $profiles.set({
    ...$profiles.get(),
    profileList: $profiles.get().profileList.map((p) => (p.id === id ? { ...p, ...updated } : p)),
    notice: t.saved,
    selectedProfile: null,
  });
  return true;
}

export async function deleteProfile(id: number): Promise<boolean> {
  const name = $profiles.get().profileList.find((p) => p.id === id)?.name ?? '';
  const result = await run(() => api.delete(`/auth/users/${id}/`));
  if (!isOk(result)) return false;
  $profiles.set({ ...$profiles.get(), selectedProfile: null });
  await refreshProfiles();
  $profiles.setKey('notice', t.removed(name));
  return true;
}

/**
 * Switches this browser to a profile. To a kid profile the page is hidden while the switch runs
 * (docs/product.md, «How things change»); then a full load of the home page, which the server renders for the new profile.
 * A kid → adult switch under parental control may answer `pin_required`: the PIN is asked and
 * sent with the switch again.
 */
export async function switchProfile(id: number, pin?: string): Promise<boolean> {
  const target = $profiles.get().profileList.find((p) => p.id === id);
  if (!target) return false;
  if (target.isKid) $profiles.setKey('kidSwitchInProgress', true);
  const result = await run(() =>
    api.post('/auth/users/switch/', pin === undefined ? { userId: id } : { userId: id, pin }),
  );
  if (!isOk(result)) {
    const reason = errorReason(result);
    const pinNeeded =
      reason === 'pin_required' || reason === 'pin_invalid' || reason === 'pin_locked';
    $profiles.set({
      ...$profiles.get(),
      kidSwitchInProgress: false,
      pinNeeded,
      selectedProfile: pinNeeded ? id : $profiles.get().selectedProfile,
      error: reason === 'pin_required' ? null : errorMessage(result),
    });
    return false;
  }
  // The server ended this session's PIN entry; the tab's own record follows it. A PIN given with
  // the switch entered it there, so the adult page does not ask for it again at start.
  if (target.isKid) writePinStatus('not_entered');
  else if (pin !== undefined) writePinStatus('entered');
  navigation.go('/');
  return true;
}
