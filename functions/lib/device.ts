import { UAParser } from 'ua-parser-js';

import type { DeviceClass, DeviceInfo, DeviceType } from '../shared/device.ts';
import { DEVICE_TYPE_NAMES, USER_AGENT_MAX_LENGTH } from '../shared/device.ts';

export type { DeviceClass, DeviceInfo, DeviceType };

function typeOf(uaType: string | undefined, hasBrowserOrOs: boolean): DeviceType {
  switch (uaType) {
    case 'mobile':
    case 'wearable':
      return 'mobile';
    case 'tablet':
      return 'tablet';
    case 'smarttv':
      return 'tv';
    case 'console':
    case 'embedded':
      return 'stb';
    case 'xr':
      return 'other';
    default:
      // ua-parser leaves desktops without a device type; an unknown agent (a bot, curl) is "other".
      return hasBrowserOrOs ? 'desktop' : 'other';
  }
}

/**
 * Device type and class from the user agent, by ua-parser-js.
 * @example deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) ...').type // 'mobile'
 */
export function deviceOf(userAgent: string | null | undefined): DeviceInfo {
  const ua = (userAgent ?? '').slice(0, USER_AGENT_MAX_LENGTH);
  const result = new UAParser(ua).getResult();
  const type = typeOf(result.device.type, Boolean(result.browser.name || result.os.name));
  return {
    type,
    deviceClass: type === 'mobile' ? 'mobileWeb' : type === 'tablet' ? 'tabletWeb' : 'desktopWeb',
    vendor: result.device.vendor ?? '',
    model: result.device.model ?? '',
    os: result.os.name ?? '',
    osVersion: result.os.version ?? '',
    browserType: result.browser.name ?? '',
    browserVersion: result.browser.version ?? '',
  };
}

/** The device a session is opened on, as /settings/devices lists it. */
export interface DeviceFacts {
  deviceId: string;
  type: DeviceType;
  /** «Chrome 126 · Windows 10»: browser and system, major versions only. */
  name: string;
  country: string;
}

/**
 * The device facts of a request: its device id and country with what its user agent says.
 * @example deviceFacts(deviceOf(ua), deviceId, 'RU').name // 'Chrome 126 · Windows 10'
 */
export function deviceFacts(device: DeviceInfo, deviceId: string, country: string): DeviceFacts {
  const browser = [device.browserType, device.browserVersion.split('.')[0]]
    .filter(Boolean)
    .join(' ');
  const system = [device.os, device.osVersion.split('.')[0]].filter(Boolean).join(' ');
  return {
    deviceId,
    type: device.type,
    name: [browser, system].filter(Boolean).join(' · '),
    country,
  };
}

/**
 * Browser names as people say them: ua-parser's «Mobile Safari» is Safari, «Chrome WebView» Chrome,
 * «Yandex» the Яндекс Браузер.
 */
function browserName(name: string): string {
  const plain = name.replace(/^Mobile /, '').replace(/ (WebView|Headless)$/, '');
  return plain === 'Yandex' ? 'Яндекс Браузер' : plain;
}

/** The system a browser runs on: an Apple phone or tablet by its own name, else the OS. */
function systemName(device: DeviceInfo): string {
  if (device.vendor === 'Apple' && /^(iPhone|iPad|iPod)/.test(device.model))
    return device.model.split(' ')[0]!;
  return device.os;
}

/**
 * A device in Russian words, as a viewer tells their devices apart («Chrome на Windows», «Safari на
 * iPhone», «Телевизор»), read from its user agent; null when the agent tells nothing.
 * @example deviceLabel(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) … Chrome/130.0.0.0 …'))
 * // 'Chrome на Windows'
 */
export function deviceLabel(device: DeviceInfo): string | null {
  if (device.type === 'tv') return [DEVICE_TYPE_NAMES.tv, device.vendor].filter(Boolean).join(' ');
  if (device.type === 'stb') return device.model || DEVICE_TYPE_NAMES.stb;
  const browser = device.browserType ? browserName(device.browserType) : '';
  const system = systemName(device);
  if (browser && system) return `${browser} на\u00a0${system}`;
  if (system) return `${DEVICE_TYPE_NAMES[device.type]} на\u00a0${system}`;
  return browser || null;
}
