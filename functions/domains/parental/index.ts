export { sendParentalCode, verifySession } from './codes.ts';
export { assertMaySignIn, assertMaySignOut, assertPinForAdultSwitch } from './guard.ts';
export { parentalSnapshotQuery, readControl, toControl } from './repo.ts';
export type { AgeSetting, ControlView } from './schemas.ts';
export * as parentalSchemas from './schemas.ts';
export { pin } from './schemas.ts';
export {
  assertOwnAccount,
  changePin,
  checkPin,
  controlOf,
  disableParental,
  forgetPinEntry,
  parentalPage,
  requestPinReset,
  resetPin,
  setPin,
  setShowSettings,
  showSettingsOf,
} from './service.ts';
export { type ParentalSnapshot, toParentalSnapshot } from './snapshot.ts';
