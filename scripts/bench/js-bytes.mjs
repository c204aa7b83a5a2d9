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
