/** Device types of spec section 3 (System info). */
export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'tv' | 'stb' | 'other';
/** Device classes of spec section 3, sent as the `platform` of API calls. */
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

/** The spec cuts the user-agent string to 500 characters (section 9). */
export const USER_AGENT_MAX_LENGTH = 500;
