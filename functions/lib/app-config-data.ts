import type { AppConfig } from '../shared/app-config.ts';
import type { EdgeContext } from './app-env.ts';
import { config } from './config.ts';
import { reportDsn } from './report.ts';

/**
 * The data block islands read (`#app-config`, docs/product.md, «What we keep» and «How the site talks to the API»): runtime base URLs and this
 * visitor's geo, device and device id.
 */
export function appConfigFor({
  geo,
  device,
  deviceId,
}: Pick<EdgeContext, 'geo' | 'device' | 'deviceId'>): AppConfig {
  const { apiUrl, contentUrl, billingUrl, staticMode } = config();
  return {
    geo: { country: geo.group, ip: geo.ip, region: geo.regionName },
    device,
    deviceId,
    apiUrl,
    contentUrl,
    billingUrl,
    staticMode,
    // Only a signed-in page has it (src/lib/page-context.ts); a shared guest page never does.
    parental: null,
    errorDsn: reportDsn(),
  };
}

/** JSON for a `<script type="application/json">`: `<` escaped so no text can close the element. */
export const appConfigJson = (data: AppConfig) => JSON.stringify(data).replace(/</g, '\\u003c');

/**
 * A page from the shared cache, made this visitor's again: the data block and the device class on
 * `<body>` are written for the current request (everything else on a guest page is shared).
 */
export function personalizePage(response: Response, edge: EdgeContext): Response {
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  const json = appConfigJson(appConfigFor(edge));
  return new HTMLRewriter()
    .on('script#app-config', {
      element(el) {
        el.setInnerContent(json, { html: true });
      },
    })
    .on('body', {
      element(el) {
        el.setAttribute('data-device', edge.device.type);
      },
    })
    .transform(response);
}
