export { AVATAR_COUNT, AVATARS, avatarVersion, renderAvatar } from './avatars.ts';
export { headerProfilesQuery } from './header.repo.ts';
export type { Avatar, ListedProfile, Profile } from './schemas.ts';
export * as profileSchemas from './schemas.ts';
export {
  accountProfiles,
  createProfile,
  editProfile,
  kidsAvailable,
  profileById,
  profilesPage,
  removeProfile,
  switchProfile,
} from './service.ts';
