import { exports } from 'cloudflare:workers';

/** Sends a request to the Worker under test, as a browser on this site would. */
export function call(path: string, init: RequestInit & { country?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.country) headers.set('cf-ipcountry', init.country);
  return exports.default.fetch(new Request(new URL(path, 'http://localhost:8787'), { ...init, headers }));
}

/** The cookie of a browser that has been here before (it already holds a device id). */
export const RETURNING = { cookie: 'device_id=3f2a9c1e-77b0-4d21-9a3c-5e0f1b2c3d4e' } as const;
