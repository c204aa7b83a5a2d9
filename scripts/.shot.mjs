import { chromium } from 'playwright-core';

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const [url, out, width, height] = process.argv.slice(2);
const ctx = await browser.newContext({
  viewport: { width: Number(width), height: Number(height ?? 900) },
});
await ctx.addCookies([{ name: 'cookie_agreement', value: '1', url }]);
const page = await ctx.newPage();
await page.goto(url);
await page.screenshot({ path: out, fullPage: false });
await browser.close();
