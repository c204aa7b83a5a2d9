/**
 * The upstream API of the edge proxy tests (functions/middleware/upstream-proxy.test.ts): a
 * second Worker, at http://upstream.test, that answers with what it received — method, path,
 * query, headers, body — and, told by `?behave=`, fails the way a real upstream does. It is the
 * test Worker's outbound service (vitest.config.ts), so every other host is fetched as usual.
 *
 * behave: slow (answers after `ms`, default 3 s), garbage (502 with an HTML page), envelope (409
 * with the error envelope), json-error (500 with JSON that is not the envelope), public (a CMS
 * answer shared caches may keep, with a count of the requests it answered), cookie (sets a cookie
 * for its own domain), redirect (302 to one of its own paths), drop (no answer at all: the
 * connection fails), gzip (a compressed answer).
 */

const UPSTREAM_HOST = 'upstream.test';
let served = 0;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    // Run on its own (`wrangler dev tests/upstream/echo-upstream.js --var ECHO_ALL:true`) it echoes every host.
    if (url.hostname !== UPSTREAM_HOST && env?.ECHO_ALL !== 'true') return fetch(request);
    served += 1;
    const behave = url.searchParams.get('behave');
    const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    // workerd reports the throw as an uncaught exception in the log; the caller sees a failed fetch.
    if (behave === 'drop')
      throw new Error('echo-upstream: connection dropped on purpose (behave=drop)');
    if (behave === 'slow') {
      const ms = Number(url.searchParams.get('ms') ?? 3000);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    if (behave === 'garbage')
      return new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        headers: { 'content-type': 'text/html' },
      });
    if (behave === 'envelope')
      return Response.json(
        { message: 'Профиль уже существует', details: { reason: 'profile_exists' } },
        { status: 409 },
      );
    if (behave === 'json-error') return Response.json({ error: 'boom' }, { status: 500 });
    if (behave === 'redirect')
      return new Response(null, {
        status: 302,
        headers: { location: `${url.origin}/auth/next/?from=upstream` },
      });
    const headers = new Headers({ connection: 'keep-alive, x-upstream-private' });
    headers.set('keep-alive', 'timeout=5');
    headers.set('x-upstream-private', 'hop');
    headers.set('x-upstream', 'echo');
    if (behave === 'public')
      headers.set('cache-control', 'public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    else headers.set('cache-control', 'public, s-maxage=60');
    // workerd compresses a body whose Content-Encoding says so, as an upstream does for the edge.
    if (behave === 'gzip') headers.set('content-encoding', 'gzip');
    if (behave === 'cookie')
      headers.append('set-cookie', 'upstream_pref=1; Domain=upstream.test; Path=/; HttpOnly');
    return Response.json(
      {
        method: request.method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: Object.fromEntries(request.headers),
        body,
        served,
      },
      { headers },
    );
  },
};
