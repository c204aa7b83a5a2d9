import { env } from 'cloudflare:workers';
import { expect, it } from 'vitest';
import { loosely } from './support/html-form.ts';
import { type Page, textsOf, Visitor, words } from './support/visitor.ts';

// These tests change shared D1 rows (feature flags, SEO texts) and put them back in `finally`: the
// files of one worker run one after another, so no other test sees the change.

const TOP_NAV = 'nav[aria-label="Разделы"] a';

/** A signed-in viewer: their pages are never shared at the edge, so they show a change on the very next view. */
const signedIn = () => new Visitor().holdToken();
const setFlag = (name: string, enabled: boolean) =>
  env.DB.prepare('UPDATE feature_flags SET enabled = ? WHERE name = ?')
    .bind(enabled ? 1 : 0, name)
    .run();
/** Opens a page and follows its redirects as a browser would. */
async function follow(visitor: Visitor, path: string): Promise<Page> {
  let url = new URL(path, env.SITE_ORIGIN);
  for (let hops = 0; hops < 5; hops++) {
    const page = await visitor.open(url.href);
    const location = page.headers.get('location');
    if (page.status < 300 || page.status >= 400 || !location) return page;
    url = new URL(location, url);
  }
  throw new Error(`${path} redirects more than 5 times`);
}
/** The top menu's links holding the text, as `filter({ hasText })` finds them (any case, a part). */
const navWith = async (visitor: Visitor, path: string, text: string) =>
  textsOf((await visitor.open(path)).document, TOP_NAV).filter((t) => loosely(text).test(t));

it('switching disable-dazn in the database hides DAZN on the next page view, without a deploy', async () => {
  const viewer = await signedIn();
  expect(await navWith(viewer, '/', 'DAZN')).toHaveLength(1);
  await setFlag('disable-dazn', true);
  try {
    expect(await (await viewer.fetch('/api/client/features/disable-dazn')).json()).toEqual({
      name: 'disable-dazn',
      value: true,
    });
    expect(await navWith(viewer, '/', 'DAZN')).toEqual([]);
  } finally {
    await setFlag('disable-dazn', false);
  }
  expect(await navWith(viewer, '/', 'DAZN')).toHaveLength(1);
});

it('the DAZN section answers 404 while disable-dazn is on', async () => {
  const viewer = await signedIn();
  expect((await viewer.open('/dazn')).status).toBe(200);
  await setFlag('disable-dazn', true);
  try {
    expect((await viewer.open('/dazn')).status).toBe(404);
  } finally {
    await setFlag('disable-dazn', false);
  }
});

it('the trailers section exists only while enable-trailers is on', async () => {
  const viewer = await signedIn();
  expect((await viewer.open('/trailers')).status).toBe(200);
  await setFlag('enable-trailers', false);
  try {
    expect((await viewer.open('/trailers')).status).toBe(404);
  } finally {
    await setFlag('enable-trailers', true);
  }
});

it('switching HBO Max availability off hides its section', async () => {
  const viewer = await signedIn();
  await setFlag('hbo-max-available', false);
  try {
    expect(await navWith(viewer, '/', 'HBO Max')).toEqual([]);
  } finally {
    await setFlag('hbo-max-available', true);
  }
});

it('SEO texts from the CMS override title, description, noindex and structured data of a page', async () => {
  const viewer = await signedIn();
  const ld = JSON.stringify([
    { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Мой IP' },
    { '@type': 'Thing', name: '</script><b>x' },
  ]);
  await env.DB.prepare(
    'INSERT INTO seo_texts (path, title, description, noindex, json_ld) VALUES (?, ?, ?, 1, ?)',
  )
    .bind('/get-ip', 'Узнать свой IP', 'Где вы сейчас', ld)
    .run();
  try {
    const { document } = await viewer.open('/get-ip');
    expect(document.title).toBe('Узнать свой IP');
    const meta = (name: string) =>
      document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
    expect(meta('description')).toBe('Где вы сейчас');
    expect(meta('robots')).toBe('noindex, nofollow');
    const blocks = [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) =>
      JSON.parse(s.textContent ?? ''),
    );
    expect(blocks).toEqual(JSON.parse(ld));
    expect([...document.querySelectorAll('b')].filter((b) => words(b).includes('x')).length).toBe(
      0,
    );
  } finally {
    await env.DB.prepare("DELETE FROM seo_texts WHERE path = '/get-ip'").run();
  }
});

it('without web-enable-calendar /tv has no day picker and ignores ?date=', async () => {
  const viewer = await signedIn();
  await setFlag('web-enable-calendar', false);
  try {
    const page = await follow(viewer, '/tv?date=2026-11-24');
    expect(page.status).toBe(200);
    expect(page.document.querySelectorAll('nav[aria-label="Дни"]').length).toBe(0);
    expect(page.document.querySelectorAll('.channel').length).toBeGreaterThan(0);
  } finally {
    await setFlag('web-enable-calendar', true);
  }
});
