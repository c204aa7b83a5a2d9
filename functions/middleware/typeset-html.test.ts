import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../lib/app-env.ts';
import { typesetHtml } from './typeset-html.ts';

const NBSP = '\u00a0';

/** A page answered through the typesetting middleware, its body sent in the given pieces. */
async function page(pieces: string[], type = 'text/html; charset=utf-8'): Promise<string> {
  const app = new Hono<AppEnv>();
  app.use(typesetHtml);
  app.get('/', () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': type } });
  });
  const res = await app.request('/');
  return res.text();
}

describe('pages are typeset on their way out', () => {
  it('binds short words, sets dashes and quotes in the text of the body', async () => {
    const html = await page([
      '<body><p>Я смотрю сериалы в HD - и &quot;Кино&quot; тоже</p></body>',
    ]);
    expect(html).toBe(
      `<body><p>Я${NBSP}смотрю сериалы в${NBSP}HD${NBSP}— и${NBSP}«Кино» тоже</p></body>`,
    );
  });

  it('joins a text node that arrives in several pieces before typesetting it', async () => {
    const html = await page(['<p>Мы с ', 'вами и ', 'с ними</p>']);
    expect(html).toBe(`<p>Мы${NBSP}с${NBSP}вами и${NBSP}с${NBSP}ними</p>`);
  });

  it('keeps a short word with the element that follows it', async () => {
    const html = await page(['<p>Напишите в <a href="/settings/support">поддержку</a></p>']);
    expect(html).toBe(`<p>Напишите в${NBSP}<a href="/settings/support">поддержку</a></p>`);
  });

  it('leaves the markup inside <noscript> as markup', async () => {
    const source =
      '<body><noscript><p class="muted">Чтобы выбирать и удалять, нужен JavaScript.</p></noscript></body>';
    expect(await page([source])).toBe(source);
  });

  it('reads any named entity, and leaves a code point that does not exist as it was', async () => {
    const html = await page(['<p>&hearts; Я и ты</p><p>&#x110000; в доме</p><p>Я и ты</p>']);
    expect(html).toBe(
      `<p>♥ Я${NBSP}и${NBSP}ты</p><p>&#x110000; в доме</p><p>Я${NBSP}и${NBSP}ты</p>`,
    );
  });

  it('keeps markup characters escaped', async () => {
    const html = await page(['<p>А &lt;b&gt; и &amp; в тексте</p>']);
    expect(html).toBe(`<p>А${NBSP}&lt;b&gt; и${NBSP}&amp; в${NBSP}тексте</p>`);
  });

  it('leaves scripts, styles, code, form fields, the head and islands alone', async () => {
    const untouched = [
      '<head><title>Фильмы в HD - онлайн</title></head>',
      '<script>const a = "я и ты - мы";</script>',
      '<style>a::before { content: "a - b"; }</style>',
      '<pre>я и ты</pre><code>a - b</code><textarea>я и ты</textarea>',
      '<astro-island><p>Я и ты</p></astro-island>',
    ].join('');
    expect(await page([untouched])).toBe(untouched);
  });

  it('types phone numbers and number ranges', async () => {
    const html = await page(['<p>Звоните 8 800 555-35-35, серии 5-10</p>']);
    expect(html).toBe(`<p>Звоните 8${NBSP}800${NBSP}555-35-35, серии 5–10</p>`);
  });

  it('passes other answers through unchanged', async () => {
    const json = '{"message":"Я и ты - мы"}';
    expect(await page([json], 'application/json')).toBe(json);
  });
});
