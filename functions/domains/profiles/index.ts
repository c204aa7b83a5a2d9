export type { Avatar } from './avatars.ts';
export { AVATAR_COUNT, AVATARS, avatarVersion, renderAvatar } from './avatars.ts';
export { headerProfilesQuery } from './header.repo.ts';
export type { Profile } from './repo.ts';
export { createProfileBody, profileParam, switchBody, updateProfileBody } from './schemas.ts';
export {
  accountProfiles,
  createProfile,
  editProfile,
  kidsAvailable,
  type ListedProfile,
  profileById,
  profilesPage,
  removeProfile,
  switchProfile,
} from './service.ts';
