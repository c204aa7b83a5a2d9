import { expect, it } from 'vitest';
import { Visitor } from './support/visitor.ts';

const ORIGIN = 'http://localhost:8787';
/** The spec's API prefixes (docs/product.md, «How the site talks to the API»): they answer with and without the slash, never redirect. */
const API = /^\/(api|cms|auth|billing|v2|dev\/api|dev\/oauth|media)\//;

async function firstTitleAndChannel(visitor: Visitor) {
  const first = async <T>(path: string) =>
    ((await (await visitor.fetch(path)).json()) as { results: T[] }).results[0]!;
  return {
    title: await first<{ id: number; url: string }>('/cms/content/series/?page_size=1'),
    channel: await first<{ id: number; slug: string }>('/cms/tv/channels/'),
  };
}

const canonicalOf = (html: string) =>
  html.match(/<link rel="canonical" href="([^"]*)"/)?.[1] ?? null;

it('every spelling of a page moves for good to its one URL, the query kept', async () => {
  const visitor = new Visitor();
  const { title, channel } = await firstTitleAndChannel(visitor);
  const variants: [string, string][] = [
    ['/series/', '/series'],
    ['/series/?genre=drama&page=2', '/series?genre=drama&page=2'],
    ['/series//', '/series'],
    ['/info/tos/', '/info/tos'],
    ['/info/legal-information/', '/info/legal-information'],
    ['/info/policy/', '/info/policy'],
    ['/get-ip/?from=support', '/get-ip?from=support'],
    ['/auth/?step=signin&backPath=%2Fseries', '/auth?step=signin&backPath=%2Fseries'],
    ['/settings/account/', '/settings/account'],
    [`/watch/0${title.id}`, `/watch/${title.id}`],
    [`/watch/00${title.id}?season=1`, `/watch/${title.id}?season=1`],
    [`/watch/${title.id}/`, `/watch/${title.id}`],
    [`/tv/${channel.id}`, `/tv/${channel.slug}`],
    [`/tv/${channel.id}?date=2026-01-01`, `/tv/${channel.slug}?date=2026-01-01`],
    [`/tv/${channel.slug}/`, `/tv/${channel.slug}`],
    ['/collections/', '/collections'],
    // Not a way out of the site: `//host/` would otherwise become the protocol-relative `//host`.
    ['//example.com/', '/example.com'],
  ];
  for (const [from, to] of variants) {
    // The origin spelled out: a bare `//host/` would be read as another host.
    const res = await visitor.fetch(`${ORIGIN}${from}`);
    await res.body?.cancel();
    expect(res.status, from).toBe(301);
    expect(res.headers.get('location'), from).toBe(to);
  }
});

it('a form posted to a slash spelling is sent on with its body (308)', async () => {
  // As a page of the site posts it: a request from nowhere is refused before it is moved.
  const res = await new Visitor().fetch('/code/', {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_code: 'ABCD-EFGH' }),
  });
  expect(res.status).toBe(308);
  expect(res.headers.get('location')).toBe('/code');
});

it('the one URL of a page answers 200 with a canonical equal to itself', async () => {
  const visitor = new Visitor();
  const { title, channel } = await firstTitleAndChannel(visitor);
  for (const path of [
    '/',
    '/series',
    '/info/tos',
    '/info/legal-information',
    '/get-ip',
    '/auth',
    title.url,
    `/tv/${channel.slug}`,
  ]) {
    const page = await visitor.open(path);
    expect(page.status, path).toBe(200);
    expect(canonicalOf(page.html), path).toBe(`${ORIGIN}${path}`);
  }
});

it('the JSON API answers with and without the trailing slash, never redirecting', async () => {
  const visitor = new Visitor();
  for (const path of [
    '/cms/content/series/?page_size=1',
    '/cms/content/series?page_size=1',
    '/api/health',
    '/api/health/',
    '/auth/users/kids/availability',
    '/auth/users/kids/availability/',
  ]) {
    const res = await visitor.fetch(path);
    await res.body?.cancel();
    expect(res.status, path).not.toBe(301);
    expect(res.status, path).not.toBe(308);
    expect(res.headers.get('content-type'), path).toContain('application/json');
  }
});

it('the sitemap lists only the one URL of each page', async () => {
  const visitor = new Visitor();
  const xml = (await visitor.open('/sitemap.xml')).html;
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(ORIGIN.length));
  expect(paths.length).toBeGreaterThan(50);
  for (const path of paths) {
    expect(path === '/' || !path.endsWith('/'), path).toBe(true);
    expect(path, path).not.toMatch(/^\/watch\/0|^\/tv\/\d+$/);
  }
  // Each kind of entry, asked for as listed, is a page that calls itself by that URL.
  const samples = [
    '/series',
    '/info/tos',
    '/info/legal-information',
    '/referral-rules',
    paths.find((p) => p.startsWith('/collections/'))!,
    paths.find((p) => p.startsWith('/tv/'))!,
    paths.find((p) => p.startsWith('/watch/'))!,
  ];
  for (const path of samples) {
    expect(paths, path).toContain(path);
    const page = await visitor.open(path);
    expect(page.status, path).toBe(200);
    expect(canonicalOf(page.html), path).toBe(`${ORIGIN}${path}`);
  }
});

it('links inside the site lead straight to a page, never through a redirect', async () => {
  const visitor = new Visitor();
  const hrefs = new Set<string>();
  for (const page of ['/', '/info/legal-information', '/tv', '/big-screen']) {
    const { html } = await visitor.open(page);
    for (const [, href] of html.matchAll(/<a [^>]*href="(\/[^"]*)"/g))
      if (!href!.startsWith('//') && !API.test(href!)) hrefs.add(href!.replace(/&amp;/g, '&'));
  }
  expect(hrefs.size).toBeGreaterThan(20);
  // Every link is written in the one form; one link of each shape (/watch/N, /tv/slug …) is followed.
  const shapes = new Map<string, string>();
  for (const href of hrefs) {
    const path = href.split('?')[0]!;
    expect(path === '/' || !path.endsWith('/'), href).toBe(true);
    expect(path, href).not.toMatch(/^\/watch\/0|^\/tv\/\d+$/);
    const shape = path.replace(/\d+/g, 'N').replace(/^\/(tv|collections)\/.+/, '/$1/slug');
    if (!shapes.has(shape)) shapes.set(shape, href);
  }
  for (const href of shapes.values()) {
    const res = await visitor.fetch(href);
    await res.body?.cancel();
    expect([301, 308], href).not.toContain(res.status);
  }
});
