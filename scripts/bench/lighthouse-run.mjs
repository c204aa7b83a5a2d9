// One Lighthouse 13 run in a fresh headless Chromium (new profile, empty cache and cookies: a
// first-time visitor, so the cookie banner is part of what is measured). Lighthouse's default
// config is the mobile one: Moto G Power emulation, simulated slow 4G and 4x CPU slowdown.
import { writeFileSync } from 'node:fs';
import { killAll, launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

/** The development header the Worker answers as of (functions/middleware/edge-context.ts). */
export const DEV_CLOCK = 'x-dev-clock';

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium runs in its own process group (chrome-launcher); this kills any still running. */
export const killChromium = () => killAll();

/**
 * Runs Lighthouse (performance and accessibility) on `url` and returns the figures the bench
 * reports, or `{ error }` when Lighthouse could not load the page (for example a 404, unless
 * `ignoreStatusCode`, which the page that answers 404 on purpose sets). The full
 * result goes to `saveTo` when given (open it in the Lighthouse Viewer). With `clockMs` the page
 * is measured as of that moment: the Worker answers as of it (x-dev-clock, development only) and
 * the page's own Date starts there and runs on (performance.now, which Lighthouse times with, is
 * left alone).
 * @example
 * const run = await lighthouseRun('http://127.0.0.1:8795/faq', '/usr/bin/chromium', '.bench/lhr/faq-1.json');
 * // → { performance: 100, accessibility: 96, lcpMs: 1210, tbtMs: 0, cls: 0, scripts: [...], failing: [...] }
 */
export async function lighthouseRun(
  url,
  chromePath,
  saveTo,
  { ignoreStatusCode = false, clockMs = null, cpuSlowdown = null } = {},
) {
  const chrome = await launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  let browser;
  try {
    let page;
    if (clockMs !== null) {
      browser = await puppeteer.connect({
        browserURL: `http://127.0.0.1:${chrome.port}`,
        defaultViewport: null,
      });
      page = (await browser.pages())[0] ?? (await browser.newPage());
      await page.evaluateOnNewDocument(fixClock, clockMs);
    }
    const flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The not-found page is measured too: it answers 404 on purpose.
      ignoreStatusCode,
      extraHeaders: clockMs === null ? null : { [DEV_CLOCK]: String(clockMs) },
      // Lighthouse merges this into its default simulated throttling, network left as it is.
      ...(cpuSlowdown === null ? {} : { throttling: { cpuSlowdownMultiplier: cpuSlowdown } }),
    };
    const result = await lighthouse(url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (saveTo) writeFileSync(saveTo, result.report);
    return summarise(result.lhr);
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

const SCORED = new Set(['binary', 'numeric', 'metricSavings']);

/** The figures of one run from Lighthouse's result (LHR). */
export function summarise(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const document = requests.find((r) => r.resourceType === 'Document');
  const base = {
    lighthouseVersion: lhr.lighthouseVersion,
    finalUrl: lhr.finalDisplayedUrl,
    documentStatus: document?.statusCode ?? null,
    userAgent: lhr.environment?.hostUserAgent,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
    cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier,
    warnings: lhr.runWarnings ?? [],
  };
  if (lhr.runtimeError)
    return {
      ...base,
      errorCode: lhr.runtimeError.code,
      error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
    };
  const metric = (id) => lhr.audits[id]?.numericValue ?? null;
  const score = (id) =>
    lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100);
  return {
    ...base,
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcpMs: metric('first-contentful-paint'),
    speedIndexMs: metric('speed-index'),
    scripts: requests
      .filter((r) => r.resourceType === 'Script')
      .map(({ url, transferSize, resourceSize, statusCode }) => ({
        url,
        transferSize,
        resourceSize,
        statusCode,
      })),
    failing: failingAudits(lhr),
  };
}

/**
 * Audits of the two categories that did not fully pass (metrics themselves excluded: the table
 * shows them), with their first few offending items.
 */
function failingAudits(lhr) {
  const out = [];
  for (const category of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (
        ref.group === 'metrics' ||
        ref.group === 'hidden' ||
        !audit ||
        !SCORED.has(audit.scoreDisplayMode)
      )
        continue;
      if (audit.score === null || audit.score >= 1) continue;
      out.push({
        category,
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue,
        items: detailItems(audit.details).slice(0, 8).map(describeItem),
      });
    }
  }
  return out;
}

/** Rows of an audit's details: table rows, failed checklist entries, nodes (insights nest them in lists). */
function detailItems(details) {
  if (!details) return [];
  switch (details.type) {
    case 'list':
      return details.items.flatMap((part) => detailItems(part));
    case 'checklist':
      return Object.values(details.items)
        .filter((check) => check.value === false)
        .map((check) => ({ check: check.label }));
    case 'node':
      return [{ node: details }];
    default:
      return Array.isArray(details.items) ? details.items : [];
  }
}

function describeItem(item) {
  const node = item.node;
  const source =
    item.source?.type === 'source-location'
      ? `${item.source.url}:${item.source.line}`
      : item.source?.url;
  const picked = {
    check: item.check,
    selector: node?.selector,
    snippet: node?.snippet,
    label: node?.nodeLabel,
    explanation: node?.explanation,
    url: typeof item.url === 'string' ? item.url : source,
    wastedMs: item.wastedMs,
    wastedBytes: item.wastedBytes,
    reflowTime: item.reflowTime,
  };
  return Object.fromEntries(
    Object.entries(picked).filter(([, v]) => v !== undefined && v !== '' && v !== null),
  );
}

/** Runs in the page before its own scripts: `Date` starts at `at` and runs on with the real clock. */
function fixClock(at) {
  const Real = Date;
  const offset = at - Real.now();
  const now = () => Real.now() + offset;
  globalThis.Date = new Proxy(Real, {
    construct: (target, args) => (args.length ? new target(...args) : new target(now())),
    apply: (target) => new target(now()).toString(),
    get: (target, key, receiver) => (key === 'now' ? now : Reflect.get(target, key, receiver)),
  });
}
