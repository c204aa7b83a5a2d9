import type { AppConfig, ParentalSnapshot } from '../../functions/shared/app-config.ts';

export type { AppConfig };

/** What a page without the data block (or with a broken one) gets: a guest desktop, same-origin API. */
export const DEFAULT_APP_CONFIG: AppConfig = {
  geo: { country: 'other', ip: '', region: '' },
  device: {
    type: 'other',
    deviceClass: 'desktopWeb',
    vendor: '',
    model: '',
    os: '',
    osVersion: '',
    browserType: '',
    browserVersion: '',
  },
  deviceId: '',
  apiUrl: '',
  contentUrl: '',
  billingUrl: '',
  staticMode: false,
  parental: null,
  errorDsn: '',
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Parses the JSON of the data block; missing or malformed parts take their defaults, so an island
 * never breaks on a page that lacks the block.
 * @example parseAppConfig('{"deviceId":"d1"}').device.deviceClass // 'desktopWeb'
 */
export function parseAppConfig(text: string | null | undefined): AppConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? '');
  } catch {
    // No block, or a broken one: every field takes its default below.
  }
  if (!isObject(raw)) raw = {};
  const d = DEFAULT_APP_CONFIG;
  const pick = <T extends object>(defaults: T, value: unknown): T => {
    const out = { ...defaults } as Record<string, unknown>;
    if (isObject(value)) {
      for (const key of Object.keys(out)) {
        if (typeof value[key] === typeof out[key]) out[key] = value[key];
      }
    }
    return out as T;
  };
  const r = raw as Record<string, unknown>;
  return {
    ...pick(d, r),
    geo: pick(d.geo, r.geo),
    device: pick(d.device, r.device),
    parental: parseParental(r.parental),
  };
}

const STATUSES = ['Undefined', 'Enabled', 'Disabled'];

function parseParental(value: unknown): ParentalSnapshot | null {
  if (!isObject(value) || !STATUSES.includes(String(value.status))) return null;
  return {
    status: value.status as ParentalSnapshot['status'],
    ageLimit: typeof value.ageLimit === 'number' ? value.ageLimit : 18,
    pinEntered: value.pinEntered === true,
  };
}

let cached: AppConfig | undefined;

/**
 * The page's app config, read from `#app-config` once; defaults outside a browser page.
 * @example appConfig().device.deviceClass // 'mobileWeb'
 */
export function appConfig(): AppConfig {
  if (!cached) {
    const doc = (
      globalThis as {
        document?: { getElementById(id: string): { textContent: string | null } | null };
      }
    ).document;
    cached = parseAppConfig(doc?.getElementById('app-config')?.textContent);
  }
  return cached;
}
