// `npm run shots`: screenshots of the main pages at 375 and 1440 px, as a guest, as the demo
// subscriber and as the subscriber's kid profile, for a person to look at. Builds the site, starts
// the Worker on a fresh seeded D1 (like the bench), and saves full-page PNGs outside the repository:
// `SHOTS_DIR` or `../shots/<date-time>/`, named `<who>-<page>-<width>.png`.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { portInUse, spawnWorker } from './bench/worker.mjs';
import { buildSite } from './build-site.mjs';
import { ensureChromium } from './ensure-chromium.mjs';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    only: { type: 'string', multiple: true },
  },
});
const PORT = Number(process.env.SHOTS_PORT ?? 8796);
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
];
const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
const outDir = resolve(process.env.SHOTS_DIR ?? `../shots/${stamp}`);
const DEMO = { email: 'subscriber@demo.amediateka.example', password: 'smotrim-demo' };
const KID = 'Дети';

if (!args['no-build']) {
  console.log('building the site (astro build)…');
  buildSite();
}
if (await portInUse(PORT))
  throw new Error(`port ${PORT} is already in use; stop that server or set SHOTS_PORT`);
mkdirSync('.bench', { recursive: true });
mkdirSync(outDir, { recursive: true });
const worker = spawnWorker({ port: PORT, log: '.bench/shots-server.log' });
process.on('exit', () => worker.stopNow());

/** The first link on `path` whose href matches `pattern`: pages to shoot that the seed decides. */
async function firstLink(path, pattern) {
  const html = await (await fetch(worker.origin + path)).text();
  const href = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]).find((h) => pattern.test(h));
  if (!href) throw new Error(`no link matching ${pattern} on ${path}`);
  return href.replaceAll('&amp;', '&');
}

let browser;
try {
  await worker.ready();
  const series = await firstLink('/series', /^\/watch\/\d+/);
  const film = await firstLink('/movies', /^\/watch\/\d+/);
  const channel = await firstLink('/tv', /^\/tv\/[^/?#]+\/?$/);
  const collection = await firstLink('/collections', /^\/collections\/[^/?#]+/);
  const pages = {
    home: '/',
    series: '/series',
    movies: '/movies',
    kids: '/kids',
    'series-title': series,
    'series-episode': `${series}${series.includes('?') ? '&' : '?'}season=1&episode=3`,
    film,
    collections: '/collections',
    collection,
    tv: '/tv',
    channel,
    search: '/search?query=город',
    faq: '/faq',
    tos: '/info/tos/',
    auth: '/auth',
    signup: '/auth?step=signup',
  };
  const who = {
    guest: Object.keys(pages),
    subscriber: ['home', 'series-title', 'film', 'tv', 'my', 'settings', 'profiles'],
    kid: ['home', 'kids', 'tv'],
  };
  const extra = { my: '/my', settings: '/settings', profiles: '/settings/profiles' };

  browser = await chromium.launch({ executablePath: ensureChromium(), args: ['--no-sandbox'] });
  let count = 0;
  for (const [role, names] of Object.entries(who)) {
    const context = await browser.newContext({ baseURL: worker.origin, locale: 'ru-RU' });
    const page = await context.newPage();
    if (role !== 'guest') {
      await page.goto('/auth?step=signin');
      await page.locator('.auth').getByLabel('E-mail', { exact: true }).fill(DEMO.email);
      await page.locator('.auth').getByLabel('Пароль', { exact: true }).fill(DEMO.password);
      await page.locator('.auth').getByRole('button', { name: 'Войти' }).click();
      await page.locator('.account-menu').first().waitFor();
    }
    if (role === 'kid') {
      await page.goto('/settings/profiles');
      await page.getByRole('button', { name: `Переключиться на профиль «${KID}»` }).click();
      await page.waitForURL((url) => url.pathname !== '/settings/profiles');
    }
    for (const name of names) {
      if (args.only && !args.only.includes(name)) continue;
      for (const size of WIDTHS) {
        await page.setViewportSize(size);
        await page.goto(pages[name] ?? extra[name], { waitUntil: 'networkidle' });
        // Lazy images below the fold load as the page is scrolled, as a viewer would see them.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += innerHeight) {
            scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 120));
          }
          scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        // A full-page picture is taken without scrolling: shelves that render only near the
        // viewport (content-visibility) are rendered for it, with the pictures in them.
        await page.addStyleTag({ content: '.shelf { content-visibility: visible !important; }' });
        await page.evaluate(() => {
          for (const img of document.querySelectorAll('img[loading="lazy"]')) img.loading = 'eager';
        });
        await page.waitForLoadState('networkidle');
        const file = `${outDir}/${role}-${name}-${size.width}.png`;
        await page.screenshot({ path: file, fullPage: true });
        count += 1;
      }
    }
    await context.close();
  }
  console.log(`${count} screenshots in ${outDir}`);
} finally {
  await browser?.close();
  await worker.stop();
}
