export type { Avatar } from './avatars.ts';
export { AVATAR_COUNT, AVATARS, avatarVersion, renderAvatar } from './avatars.ts';
export type { Profile, ProfileRow } from './repo.ts';
export {
  deleteProfile,
  findProfile,
  forgetPinEntryOnKidSwitch,
  insertProfile,
  listProfiles,
  MAX_PROFILES,
  profileCounts,
  switchSession,
  toProfile,
  updateProfile,
} from './repo.ts';
export { createProfileBody, profileParam, switchBody, updateProfileBody } from './schemas.ts';
export { assertMaySwitchTo } from './switch-guard.ts';
export { profileTexts } from './texts.ts';
