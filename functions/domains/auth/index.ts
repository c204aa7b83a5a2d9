export { type AccountSummary, accountPageData } from './account-page.ts';
export { checkCode, codeAlreadyUsed } from './codes.ts';
export { pseudonym } from './keys.ts';
export { deliver } from './mailer.ts';
export {
  changeWithCurrent,
  changeWithToken,
  exchangeResetCode,
  requestReset,
} from './password-reset.ts';
export { countAttempt, resetLimit, restartWindow } from './rate-limit.repo.ts';
export { takeOrThrow, tooMany } from './rate-limit.ts';
export type { AccountRow, Guard } from './repo.ts';
export {
  accountView,
  consumeCode,
  ensureFirstProfile,
  findAccount,
  insertAccount,
  insertSession,
  purgeExpired,
  revokeAccountSessions,
  setContact,
  toSignedIn,
} from './repo.ts';
export { tellRevoked } from './revoked.ts';
export * as authSchemas from './schemas.ts';
export {
  changePasswordBody,
  code,
  email,
  emailBody,
  emailChangeBody,
  emailCodeBody,
  emailQuery,
  password,
  phone,
  phoneBody,
  phoneChangeBody,
  phoneCodeBody,
  phoneSignInBody,
  sessionParam,
  signInBody,
  signUpBody,
} from './schemas.ts';
export type { Channel, Contact, ContactKind } from './send-code.ts';
export {
  addressOf,
  channelOf,
  contactKind,
  maskAddress,
  sendCode,
  takeCheckAllowance,
} from './send-code.ts';
export {
  type DeviceSession,
  deviceSessions,
  devicesPage,
  endOtherSessions,
  endSession,
  endThisDevice,
  renewFromToken,
  settingsOverview,
} from './service.ts';
export {
  expiredSessionCookies,
  LOGOUT_COOKIES,
  nowSeconds,
  renewFromCookie,
  requireLiveSession,
  SESSION_COOKIES,
  sessionCookies,
  type WithCookies,
} from './session.ts';
export {
  accountLockKey,
  answerFromInsert,
  attemptPassword,
  passwordSignIn,
  replacePrevious,
} from './sign-in.ts';
export { completeSignUp, phoneCodeSignIn, requestPhoneCode, requestSignUp } from './sign-up.ts';
export { authTexts } from './texts.ts';
export type { SignedIn, TokenAnswer } from './tokens.ts';
export { accessToken, newCredential, tokenAnswer } from './tokens.ts';
