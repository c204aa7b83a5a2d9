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

/**
 * Each device type in Russian, as a device is named when its user agent tells nothing more
 * (/settings/devices, the simultaneous-playback popup).
 */
export const DEVICE_TYPE_NAMES: Record<DeviceType, string> = {
  mobile: 'Телефон',
  tablet: 'Планшет',
  desktop: 'Компьютер',
  tv: 'Телевизор',
  stb: 'Приставка',
  other: 'Устройство',
};

/**
 * A device type's Russian name; an unknown type (a stream kept from before) is «Устройство».
 * @example deviceTypeName('tv') // 'Телевизор'
 */
export const deviceTypeName = (type: string): string =>
  Object.hasOwn(DEVICE_TYPE_NAMES, type)
    ? DEVICE_TYPE_NAMES[type as DeviceType]
    : DEVICE_TYPE_NAMES.other;
