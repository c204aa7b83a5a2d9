import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../lib/app-env.ts';
import { typesetTextHtml } from '../lib/typeset.ts';

/**
 * Where text is not prose: code and scripts; the head (the tab title and meta stay as the SEO
 * texts are written); React islands, whose text React compares with its own render when it
 * hydrates; their texts and data are typeset at their source instead.
 */
const SKIP = [
  'head',
  'script',
  'style',
  'pre',
  'code',
  'textarea',
  'template',
  'astro-island',
  // Raw text to the rewriter: their markup would come through as text and be escaped.
  'noscript',
  'iframe',
  'xmp',
  'noembed',
  'noframes',
];

/**
 * A rewriter of HTML that typesets every text node outside SKIP, streaming: the rewriter hands a
 * node's text in chunks, so each chunk is held back (removed) until the node's last one, and the
 * whole node is written then.
 */
export function typesetRewriter(): HTMLRewriter {
  let skipDepth = 0;
  let pending = '';
  const skip: HTMLRewriterElementContentHandlers = {
    element(element) {
      skipDepth++;
      element.onEndTag(() => {
        skipDepth--;
      });
    },
  };
  let rewriter = new HTMLRewriter();
  for (const tag of SKIP) rewriter = rewriter.on(tag, skip);
  return rewriter.onDocument({
    text(chunk) {
      if (skipDepth > 0) return;
      if (!chunk.lastInTextNode) {
        pending += chunk.text;
        chunk.remove();
        return;
      }
      const html = pending + chunk.text;
      pending = '';
      const out = typesetTextHtml(html);
      if (out !== chunk.text) chunk.replace(out, { html: true });
    },
  });
}

/** Pages (text/html answers) leave through the rewriter; the edge cache, outside it, stores the typeset page. */
export const typesetHtml = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.get('content-type')?.startsWith('text/html') || !c.res.body) return;
  c.res = typesetRewriter().transform(c.res);
});
