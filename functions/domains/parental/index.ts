export { checkParentalCode, sendParentalCode, verifySession } from './codes.ts';
export { assertPinForAdultSwitch } from './guard.ts';
export { PIN_ENTRY_SECONDS } from './limits.ts';
export { attemptPin, loadControl, pinLockKey } from './pin.ts';
export { hashPin } from './pin-hash.ts';
export type { ControlRow } from './repo.ts';
export {
  disableControl,
  forgetOtherEntries,
  liftLock,
  markEntered,
  readControl,
  replacePin,
  setAgeLimit,
  setFirstPin,
  toControl,
} from './repo.ts';
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
export { parentalTexts } from './texts.ts';
