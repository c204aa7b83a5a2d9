import type { DeviceInfo } from './device.ts';

/** Parental control as a page tells its scripts (no PIN hash): status, age setting, this session's entry. */
export interface ParentalSnapshot {
  status: 'Undefined' | 'Enabled' | 'Disabled';
  ageLimit: number;
  pinEntered: boolean;
}

/**
 * What the server tells islands about the visitor and the runtime (docs/product.md, «What we keep» and «How the site talks to the API»),
 * rendered by src/components/layout/AppConfig.astro as `<script type="application/json" id="app-config">`.
 */
export interface AppConfig {
  geo: { country: string; ip: string; region: string };
  device: DeviceInfo;
  deviceId: string;
  /** docs/product.md, «How the site talks to the API» base URLs; empty means this site. Content and billing already fall back to the API URL. */
  apiUrl: string;
  contentUrl: string;
  billingUrl: string;
  /** Static mode: API calls are skipped except the few in STATIC_MODE_PATHS (api-client.ts). */
  staticMode: boolean;
  /**
   * Parental control of a signed-in account that has not entered the PIN (docs/product.md, «How
   * things change»: read at start), rendered with the page instead of a request; null for guests,
   * on the PIN pages and once the PIN is entered.
   */
  parental: ParentalSnapshot | null;
  /**
   * The Sentry DSN browsers report to (README «Errors and logs»; public by Sentry's design); empty
   * means the browser reports nothing and never loads the SDK.
   */
  errorDsn?: string;
}
