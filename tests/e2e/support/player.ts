import type { Page } from '@playwright/test';

/**
 * Waits until the page's video plays past `after` seconds (not paused, time beyond it). If it does
 * not within 20 s, the error says where the video stood: paused or not, its time, readyState and
 * error, what it has buffered, and the player's visible text (a message, a popup, the controls).
 * @example await playsPast(page)
 */
export async function playsPast(page: Page, after = 0.5) {
  try {
    await page.waitForFunction(
      (t) => {
        const v = document.querySelector('video');
        return !!v && !v.paused && v.currentTime > t;
      },
      after,
      { timeout: 20_000 },
    );
  } catch (error) {
    const state = await page
      .evaluate(() => {
        const v = document.querySelector('video');
        const region = document.querySelector('[aria-label^="Видеоплеер"]');
        const text = (region?.textContent ?? document.body.textContent ?? '').replace(/\s+/g, ' ');
        if (!v) return `no video; the page says: ${text.slice(0, 300)}`;
        const ranges = Array.from(
          { length: v.buffered.length },
          (_, i) => `${v.buffered.start(i).toFixed(1)}–${v.buffered.end(i).toFixed(1)}`,
        ).join(', ');
        return [
          `paused ${v.paused}, time ${v.currentTime.toFixed(2)}, readyState ${v.readyState}`,
          `networkState ${v.networkState}, error ${v.error?.code ?? 'none'}, buffered [${ranges}]`,
          `the player says: ${text.slice(0, 300)}`,
        ].join('; ');
      })
      .catch((e: Error) => `the page could not be read: ${e.message}`);
    throw new Error(`the video did not play past ${after} s: ${state}`, { cause: error });
  }
}
