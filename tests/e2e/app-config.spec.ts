import { expect, test } from '@playwright/test';

test('every page hands islands the device, device id, region and API base URLs in #app-config', async ({
  page,
  context,
}) => {
  await page.setExtraHTTPHeaders({ 'cf-ipcountry': 'KZ' });
  await page.goto('/');
  const config = JSON.parse((await page.locator('script#app-config').textContent()) ?? '');
  const deviceId = (await context.cookies()).find((c) => c.name === 'device_id')?.value;
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
