export { checkCode, codeAlreadyUsed } from './codes.ts';
export { confirmContactChange, requestContactChange } from './contact-change.ts';
export { pseudonym } from './keys.ts';
export {
  changeWithCurrent,
  changeWithToken,
  exchangeResetCode,
  requestReset,
} from './password-reset.ts';
export { countAttempt, resetLimit, restartWindow, takeOrThrow, tooMany } from './rate-limit.ts';
export type { Guard, SessionListItem } from './repo.ts';
export {
  accountView,
  consumeCode,
  ensureFirstProfile,
  insertAccount,
  insertSession,
  listSessions,
  liveSession,
  purgeExpired,
  revokeAccountSessions,
  revokeByCredential,
  revokeById,
  revokeSession,
  toSignedIn,
  touchSession,
} from './repo.ts';
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
export { addressOf, contactKind, maskAddress, sendCode, takeCheckAllowance } from './send-code.ts';
export {
  answerSets,
  clearSessionCookies,
  deviceFacts,
  LOGOUT_COOKIES,
  nowSeconds,
  renewFromCookie,
  requireLiveSession,
  SESSION_COOKIES,
  setSessionCookies,
} from './session.ts';
export { answerFromInsert, passwordSignIn, replacePrevious } from './sign-in.ts';
export { completeSignUp, phoneCodeSignIn, requestPhoneCode, requestSignUp } from './sign-up.ts';
export { authTexts } from './texts.ts';
export type { SignedIn, TokenAnswer } from './tokens.ts';
export { accessToken, newCredential, readCredential, tokenAnswer } from './tokens.ts';
