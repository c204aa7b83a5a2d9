import { it } from 'vitest';
import { Visitor } from './support/visitor.ts';

it('measures /', async () => {
  const out: string[] = [];
  for (const [who, v] of [
    ['guest RU', new Visitor()],
    ['guest DE', new Visitor({ country: 'DE' })],
    ['signed in', await new Visitor().holdToken()],
    ['kid', await new Visitor().holdToken({ kid: true })],
  ] as const) {
    const res = await v.fetch('/');
    const html = await res.text();
    const { parseHTML } = await import('linkedom');
    const { document } = parseHTML(html);
    out.push(`${who}: ${res.status} ${new TextEncoder().encode(html).length} bytes, ${document.querySelectorAll('*').length} elements, ${document.querySelectorAll('.carousel__slide').length} slides, ${document.querySelectorAll('section.shelf').length} shelves`);
  }
  console.log(out.join('\n'));
});

it('fragment', async () => {
  const v = new Visitor();
  const html = await (await v.fetch('/')).text();
  const ids = [...html.matchAll(/data-later-shelf="([^"]+)"/g)].map((m) => m[1]!);
  console.log('later', ids);
  const res = await v.fetch(ids[0]!);
  console.log(res.status, [...res.headers].map((h) => h.join(': ')).join('\n'));
  console.log((await res.text()).slice(0, 3000));
  const r2 = await v.fetch('/home/shelves/99999');
  console.log('404?', r2.status, [...r2.headers].map((h) => h.join(': ')).join('\n'), await r2.text());
});

it('fragment tags', async () => {
  const v = new Visitor();
  const html = await (await v.fetch('/home/shelves/4')).text();
  console.log('TAGS', html.match(/<(html|head|body|header|footer|main|script)\b[^>]*>/gi), html.slice(-600));
});
