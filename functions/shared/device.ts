/** Device types of docs/product.md, «What we keep» (System info). */
export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'tv' | 'stb' | 'other';
/** Device classes of docs/product.md, «What we keep», sent as the `platform` of API calls. */
export type DeviceClass = 'mobileWeb' | 'tabletWeb' | 'desktopWeb';

export interface DeviceInfo {
  type: DeviceType;
  deviceClass: DeviceClass;
  vendor: string;
  model: string;
  os: string;
  osVersion: string;
  browserType: string;
  browserVersion: string;
}

/** The spec cuts the user-agent string to 500 characters (docs/product.md, «Numbers»). */
export const USER_AGENT_MAX_LENGTH = 500;
