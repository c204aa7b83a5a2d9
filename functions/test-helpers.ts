import { exports } from 'cloudflare:workers';

/** Sends a request to the Worker under test, as a browser on this site would. */
export function call(path: string, init: RequestInit & { country?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.country) headers.set('cf-ipcountry', init.country);
  return exports.default.fetch(new Request(new URL(path, 'http://localhost:8787'), { ...init, headers }));
}
