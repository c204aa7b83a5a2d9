/**
 * The page-view beacon (docs/product.md, «What we measure»): once per page load,
 * `GET {STAT_URL or this site}/v2/event?payload=…` with credentials, the page type the server put
 * in `#page-view`. Kept to a few hundred bytes: it ships with every page, the info pages too.
 */

// The readable cookies of functions/shared/cookies.ts by name: importing that module would bring
// its Russian-dates helpers along, three requests instead of one on a page that loads nothing else.
const COOKIE = {
  accountId: 'account_id',
  userId: 'user_id',
  billingId: 'billing_id',
  isKid: 'is_kid',
  deviceId: 'device_id',
  utmSource: 'utm_source',
  utmMedium: 'utm_medium',
  utmCampaign: 'utm_campaign',
  utmContent: 'utm_content',
};

type Data = Record<string, unknown>;
const json = (id: string): Data => {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? '') ?? {};
  } catch {
    return {};
  }
};
const cookie = (name: string) =>
  decodeURIComponent(
    document.cookie
      .split('; ')
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1) ?? '',
  );
const text = (v: unknown) => (typeof v === 'string' ? v : '');

const page = json('page-view');
if (page.type) {
  const app = json('app-config');
  const d = (app.device ?? {}) as Data;
  const event = {
    // A fresh id per page load: a doubled send of this event is stored once.
    viewId: crypto.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`,
    accountId: cookie(COOKIE.accountId),
    profileId: cookie(COOKIE.userId),
    billingId: cookie(COOKIE.billingId),
    isKid: cookie(COOKIE.isKid) === 'true',
    device: {
      deviceId: text(app.deviceId) || cookie(COOKIE.deviceId),
      type: text(d.type),
      vendor: text(d.vendor),
      model: text(d.model),
      os: text(d.os),
      osVersion: text(d.osVersion),
      browserType: text(d.browserType),
      browserVersion: text(d.browserVersion),
    },
    platform: text(d.deviceClass),
    url: { host: location.host, path: location.pathname, query: location.search.slice(1) },
    utm: {
      source: cookie(COOKIE.utmSource),
      medium: cookie(COOKIE.utmMedium),
      campaign: cookie(COOKIE.utmCampaign),
      content: cookie(COOKIE.utmContent),
    },
    referer: document.referrer,
    action: 'page_view',
    meta: { pageType: page.type },
  };
  fetch(
    `${text(page.stat).replace(/\/$/, '')}/v2/event?payload=${encodeURIComponent(JSON.stringify(event))}`,
    { credentials: 'include', keepalive: true },
  ).catch(() => {});
}
