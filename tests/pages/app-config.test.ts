import { expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

/** The user agent the journeys' browser sends (Playwright's «Desktop Chrome»). */
const DESKTOP_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/159.0.8154.6 Safari/537.36';

it('every page hands islands the device, device id, region and API base URLs in #app-config', async () => {
  const visitor = new Visitor({ country: 'KZ' });
  const page = await visitor.open('/', { headers: { 'user-agent': DESKTOP_CHROME } });
  const config = JSON.parse(page.document.querySelector('script#app-config')?.textContent ?? '');
  const deviceId = visitor.cookies.get('device_id');
  expect(config).toMatchObject({
    geo: { country: 'KZ' },
    device: { type: 'desktop', deviceClass: 'desktopWeb', browserType: 'Chrome' },
    deviceId,
    apiUrl: '',
    contentUrl: '',
    billingUrl: '',
    staticMode: false,
  });
  expect(deviceId).toBeTruthy();
});
