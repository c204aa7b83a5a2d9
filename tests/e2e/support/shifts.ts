import type { Page } from '@playwright/test';

/** Layout shifts not caused by input, from the page's start (read with `shiftsSoFar`). */
export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      })[])
        if (!e.hadRecentInput)
          w.__shifts.push({
            value: e.value,
            sources: e.sources.map((x) =>
              x.node instanceof Element ? `${x.node.tagName}.${x.node.className}` : '',
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
export const shiftsSoFar = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts,
  );
