/**
 * The view event (docs/product.md, «How the site talks to the API», analytics): when playback
 * starts, `GET {stat host}/v2/event?payload=…` with credentials, and the same event pushed to the
 * tag manager's `window.dataLayer`. A view is never sent twice within 10,000 ms (docs/product.md,
 * «Numbers»): the doubled attempt is reported to the error reporter instead (as is an event without
 * a view id), docs/product.md, «When things go wrong».
 */
import { COOKIE } from '../../../functions/shared/cookies.ts';
import { appConfig } from '../../lib/app-config.ts';
import { reportFailure } from '../../lib/report.ts';

/** docs/product.md, «Numbers»: doubled-view threshold. */
export const DOUBLED_VIEW_MS = 10_000;
/** docs/product.md, «What we keep»: the session-storage key of the current view id. */
const VIEW_ID_KEY = 'viewId';

export interface ViewMeta {
  contentId: number;
  episodeId: number;
  contentType: string;
  live: boolean;
  channel?: string;
  position: number;
}

export interface ViewEvent {
  viewId: string;
  accountId: string;
  profileId: string;
  billingId: string;
  isKid: boolean;
  device: {
    deviceId: string;
    type: string;
    vendor: string;
    model: string;
    os: string;
    osVersion: string;
    browserType: string;
    browserVersion: string;
  };
  platform: string;
  url: { host: string; path: string; query: string };
  utm: { source: string; medium: string; campaign: string; content: string };
  referer: string;
  action: 'view';
  meta: ViewMeta;
}

const cookie = (name: string) => {
  const pair = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : '';
};

/** A new view: one per loaded title, episode or channel. */
export function newViewId(): string {
  const id = crypto.randomUUID();
  try {
    sessionStorage.setItem(VIEW_ID_KEY, id);
  } catch {
    // No session storage (a privacy mode): the id still goes with the event.
  }
  return id;
}

export function viewEvent(viewId: string, meta: ViewMeta): ViewEvent {
  const { device, deviceId } = appConfig();
  return {
    viewId,
    accountId: cookie(COOKIE.accountId),
    profileId: cookie(COOKIE.userId),
    billingId: cookie(COOKIE.billingId),
    isKid: cookie(COOKIE.isKid) === 'true',
    device: {
      deviceId: deviceId || cookie(COOKIE.deviceId),
      type: device.type,
      vendor: device.vendor,
      model: device.model,
      os: device.os,
      osVersion: device.osVersion,
      browserType: device.browserType,
      browserVersion: device.browserVersion,
    },
    platform: device.deviceClass,
    url: { host: location.host, path: location.pathname, query: location.search.slice(1) },
    utm: {
      source: cookie(COOKIE.utmSource),
      medium: cookie(COOKIE.utmMedium),
      campaign: cookie(COOKIE.utmCampaign),
      content: cookie(COOKIE.utmContent),
    },
    referer: document.referrer,
    action: 'view',
    meta,
  };
}

/** When each view, and each title or episode, last had its event sent. */
const sentAt = new Map<string, number>();

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/**
 * Sends the view event unless the same view (or the same title or episode under a new view id)
 * was sent less than 10 s ago, and unless it has no view id (both reported); true when sent. `statUrl` empty means this site.
 * @example sendViewEvent('', viewEvent(newViewId(), meta))
 */
export function sendViewEvent(statUrl: string, event: ViewEvent, now = Date.now()): boolean {
  const keys = [
    `view:${event.viewId}`,
    `item:${event.meta.channel ?? event.meta.contentId}:${event.meta.episodeId}`,
  ];
  const last = Math.max(...keys.map((k) => sentAt.get(k) ?? -Infinity));
  if (now - last < DOUBLED_VIEW_MS) {
    reportFailure('doubled_view', {
      viewId: event.viewId,
      contentId: event.meta.contentId,
      episodeId: event.meta.episodeId,
      msSinceLast: now - last,
    });
    return false;
  }
  if (!event.viewId) {
    // The collector keeps a view by its id (and once): one without is refused there, so it is
    // reported and not sent.
    reportFailure('missing_view_id', {
      contentId: event.meta.contentId,
      episodeId: event.meta.episodeId,
    });
    return false;
  }
  for (const k of keys) sentAt.set(k, now);
  const payload = encodeURIComponent(JSON.stringify(event));
  void fetch(`${statUrl.replace(/\/$/, '')}/v2/event?payload=${payload}`, {
    credentials: 'include',
    keepalive: true,
  }).catch(() => {});
  window.dataLayer ??= [];
  window.dataLayer.push({ event: 'view', ...event });
  return true;
}
