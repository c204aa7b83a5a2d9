/**
 * Cookie names. The spec names the purchase-flow cookies; the others are ours (docs/decisions.md).
 * A module of its own, importing nothing: every page's layout script reads a name or two.
 */
export const COOKIE = {
  deviceId: 'device_id',
  /** HttpOnly credential `<session id>.<secret>` (docs/decisions.md, "Sessions"). */
  session: 'session',
  /** Short-lived access token (15 minutes), readable by the page and sent as Bearer. */
  token: 'token',
  accountId: 'account_id',
  userId: 'user_id',
  billingId: 'billing_id',
  isKid: 'is_kid',
  cookieAgreement: 'cookie_agreement',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
  partner: 'partner',
  partnerUid: 'partner_uid',
  userStatus: 'user_status',
  parentalPin: 'pin_status',
  /** docs/product.md, «What we keep», purchase-flow cookies: the tariff chosen for payment, cleared on logout. */
  tariffId: 'tariffId',
  /** HttpOnly, path /auth/socials: the `state` of the social sign-in this browser started (10 minutes). */
  socialState: 'social_state',
  /**
   * HttpOnly, signed: this browser has signed in to the account it names (by the pseudonyms of its
   * e-mail and phone), so its password attempts are not held up by a stranger's lockout.
   */
  trustedDevice: 'trusted_device',
  /**
   * HttpOnly, five minutes: the D1 bookmark of this browser's last request that wrote, so its next
   * requests read their own writes (docs/decisions.md, "The bookmark of a request that wrote").
   */
  d1Bookmark: 'd1_bookmark',
} as const;
