import type { EdgeContext } from './app-env.ts';
import { deviceFacts, deviceOf } from './device.ts';

/**
 * The viewer a guest page renders for once it is marked shareable: only what its cache variant
 * holds (region group, guest, consent). IP, device id, device class and exact country are blank;
 * the edge writes this visitor's own into the data block and `<body>` on the way out
 * (`personalizePage`). A signed-in viewer's page is never shared and keeps the whole viewer.
 */
export function sharedViewer(edge: EdgeContext): EdgeContext {
  if (edge.session.signedIn) return edge;
  return {
    ...edge,
    geo: {
      country: 'XX',
      group: 'other',
      regionGroup: edge.geo.regionGroup,
      ip: '',
      regionName: '',
      city: '',
    },
    device: deviceOf(null),
    deviceId: '',
    renewal: undefined,
    client: {
      ip: '',
      device: deviceFacts(deviceOf(null), '', 'XX'),
      sessionCookie: undefined,
      trustedDeviceCookie: undefined,
      secure: edge.client.secure,
    },
  };
}
