/** Query parameters that never change what a page or an answer shows (attribution reads them into cookies). */
const TRACKING_PARAM =
  /^(utm_\w+|gclid|yclid|fbclid|_openstat|admitad_uid|advcake_\w+|partner_uid)$/i;

/** Whether a query parameter only tracks where the visitor came from (utm_*, gclid, admitad_uid…). */
export const isTrackingParam = (name: string): boolean => TRACKING_PARAM.test(name);

/**
 * The query parameters that choose what is shown: all but tracking ones, sorted by name. A shared
 * cache keys by them, and anything built into a shared answer (links, forms) must use only them.
 * @example sharedParams(new URL('https://a.example/x?utm_source=y&b=2&a=1')) // [['a','1'],['b','2']]
 */
export function sharedParams(url: URL): [string, string][] {
  return [...url.searchParams]
    .filter(([name]) => !isTrackingParam(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The device and session parameters the API client adds to every call (deviceId, deviceModel,
 * token…). A public CMS answer never depends on them: a shared cache leaves them out of its key,
 * or every device would fill its own copy.
 */
const CLIENT_PARAM =
  /^(deviceId|deviceModel|deviceType|deviceVendor|os|osVersion|browserVersion|browserType|token|platform|supportLive)$/;

/** Whether a query parameter is one of the API client's device and session parameters. */
export const isClientParam = (name: string): boolean => CLIENT_PARAM.test(name);
