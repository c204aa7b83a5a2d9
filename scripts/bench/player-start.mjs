// The player, as a viewer on a fast 4G phone connection meets it: time from pressing «Смотреть» on
// a title page to the first video frame (each run a fresh browser profile, so nothing is cached),
// and the page's JavaScript at load and after the press (gzip -9, as js-bytes.mjs counts it). The
// viewer reads the page before pressing: the pointer moves over the title's name, `dwellMs` pass,
// then the press; what the page fetched between its load and the press counts as after. Every
// other run presses right after the load instead (`firstFrameColdMs`).
import { chromium } from 'playwright-core';
import { median } from './budgets.mjs';
import { scriptBytes } from './js-bytes.mjs';

/**
 * Runs `runs` presses of the first play link of `path` under the CDP network profile `network`
 * ({ latencyMs, downloadKbps, uploadKbps }).
 * @example
 * const r = await measurePlayerStart('http://127.0.0.1:8795', '/watch/606', { runs: 10, network });
 * // → { firstFrameMs: 640, runs: [...], jsBeforeGzipBytes: 3100, jsAfterGzipBytes: 201000 }
 */
export async function measurePlayerStart(origin, path, { runs, network, dwellMs, chromePath }) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  // Every other run presses at once after the load, as a viewer who came to play does: the
  // player's code is not there yet (`cold`).
  const times = [];
  const cold = [];
  let js = null;
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: network.latencyMs,
        downloadThroughput: (network.downloadKbps * 1000) / 8,
        uploadThroughput: (network.uploadKbps * 1000) / 8,
      });
      const scripts = { before: new Set(), after: new Set() };
      let loaded = false;
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script')
          (loaded ? scripts.after : scripts.before).add(r.url());
      });
      // The first frame painted after the press: requestVideoFrameCallback when the video exists.
      await page.addInitScript(() => {
        window.__firstFrame = new Promise((resolve) => {
          const wait = () => {
            const video = document.querySelector('video');
            if (video) video.requestVideoFrameCallback((now) => resolve(now));
            else requestAnimationFrame(wait);
          };
          document.addEventListener(
            'click',
            () => {
              window.__pressedAt = performance.now();
              wait();
            },
            { capture: true, once: true },
          );
        });
      });
      await page.goto(origin + path, { waitUntil: 'load' });
      loaded = true;
      const reads = i % 2 === 0;
      if (reads) {
        await page.getByRole('heading', { level: 1 }).hover();
        await page.waitForTimeout(dwellMs);
      }
      await page.getByRole('link', { name: 'Смотреть', exact: true }).first().click();
      const ms = await page.evaluate(async () => (await window.__firstFrame) - window.__pressedAt);
      (reads ? times : cold).push(Math.round(ms));
      if (i === 0) {
        await page.waitForTimeout(500);
        const before = await scriptBytes(
          origin + path,
          [...scripts.before].map((url) => ({ url })),
        );
        const after = await scriptBytes(
          origin + path,
          [...scripts.before, ...scripts.after].map((url) => ({ url })),
        );
        js = { beforeGzipBytes: before.gzipBytes, afterGzipBytes: after.gzipBytes, after };
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    firstFrameMs: median(times),
    firstFrameColdMs: cold.length ? median(cold) : undefined,
    runs: times,
    coldRuns: cold,
    js,
  };
}
