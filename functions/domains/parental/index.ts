export { sendParentalCode, verifySession } from './codes.ts';
export { assertPinForAdultSwitch } from './guard.ts';
export { readControl, toControl } from './repo.ts';
export {
  accountParam,
  changePinBody,
  checkPinBody,
  disableBody,
  pin,
  resetChangeBody,
  sendCodeBody,
  setPinBody,
  showSettingsBody,
  verificationCheckBody,
} from './schemas.ts';
export {
  assertOwnAccount,
  type ControlView,
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
export {
  type ParentalSnapshot,
  parentalSnapshotQuery,
  toParentalSnapshot,
} from './snapshot.ts';
