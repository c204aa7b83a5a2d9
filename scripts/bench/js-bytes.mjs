// The JavaScript a page costs a visitor, in gzip bytes. Lighthouse's transferSize is what came over
// the wire: response headers included, and whatever encoding and level the server chose (wrangler
// dev gzips assets, Cloudflare's edge may send brotli). So every script is also fetched again and
// gzipped here at level 9 (as gzip-size and size-limit count), a figure that only changes when the
// code does; both are kept. Inline scripts travel inside the HTML with no request of their own and
// are counted separately.
import { gzipSync } from 'node:zlib';

const gzipLength = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** Executable inline `<script>` bodies of an HTML page (JSON data blocks and JSON-LD excluded). */
export function inlineScripts(html) {
  const bodies = [];
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attrs)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attrs)?.[1]?.toLowerCase();
    if (type && !['module', 'text/javascript', 'application/javascript'].includes(type)) continue;
    if (body.trim()) bodies.push(body);
  }
  return bodies;
}

/**
 * Gzip bytes of the scripts a page loaded (`scripts`: Lighthouse's Script requests) and of its
 * inline scripts, as a first-time visitor receives the HTML (no cookies).
 * @example
 * const js = await scriptBytes('http://127.0.0.1:8795/faq', [{ url: '…/_astro/x.js', transferSize: 812 }]);
 * // → { gzipBytes: 1290, requests: [{ url, gzipBytes: 790, lighthouseTransferSize: 812, … }], inline: { count: 1, gzipBytes: 500, … } }
 */
export async function scriptBytes(pageUrl, scripts) {
  const requests = [];
  for (const script of scripts) {
    const res = await fetch(script.url, { headers: { 'accept-encoding': 'gzip' } });
    const body = Buffer.from(await res.arrayBuffer());
    requests.push({
      url: script.url,
      status: res.status,
      servedEncoding: res.headers.get('content-encoding') ?? 'identity',
      bytes: body.length,
      gzipBytes: gzipLength(body),
      lighthouseTransferSize: script.transferSize,
    });
  }
  const html = await (await fetch(pageUrl)).text();
  const bodies = inlineScripts(html);
  const inlineBytes = Buffer.from(bodies.join('\n'));
  const inline = {
    count: bodies.length,
    bytes: inlineBytes.length,
    gzipBytes: bodies.length ? gzipLength(inlineBytes) : 0,
  };
  const requestGzip = requests.reduce((sum, r) => sum + r.gzipBytes, 0);
  return {
    gzipBytes: requestGzip + inline.gzipBytes,
    requestGzipBytes: requestGzip,
    lighthouseTransferBytes: requests.reduce((sum, r) => sum + (r.lighthouseTransferSize ?? 0), 0),
    requests,
    inline,
  };
}

/** The named parts of the JavaScript after play: key and label, in the bench's order. */
export const PLAYER_PARTS = [
  ['hls', 'hls.js'],
  ['react', 'React'],
  ['own', 'the player and the page'],
];

/** The budget's and figure's name of a part: `jsAfterPlayHlsKB`, `jsAfterPlayReactKB`, `jsAfterPlayOwnKB`. */
export const partBudget = (key) => `jsAfterPlay${key[0].toUpperCase()}${key.slice(1)}KB`;

/**
 * The parts of the JavaScript after play, named by chunk: astro.config.mjs gives hls.js and React
 * chunks of their own (`hls.*.js`, and `react-dom.*.js` with react and scheduler); everything else (the player's own code, the
 * page's scripts and its inline scripts) is ours.
 * @example
 * jsParts({ requests: [{ url: '…/_astro/hls.Ab1.js', gzipBytes: 119631 }, …], inline: { gzipBytes: 600 } })
 * // → { hls: 119631, react: 67513, own: 28700 }
 */
export function jsParts({ requests, inline }) {
  const parts = { hls: 0, react: 0, own: inline.gzipBytes };
  for (const r of requests) {
    const name = new URL(r.url).pathname.split('/').pop() ?? '';
    const part = /^hls\.[^.]+\.js$/.test(name)
      ? 'hls'
      : /^react-dom\.[^.]+\.js$/.test(name)
        ? 'react'
        : 'own';
    parts[part] += r.gzipBytes;
  }
  return parts;
}
