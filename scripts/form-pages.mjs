// The pages that take their form's POST, found in the pages themselves at build time: a page whose
// frontmatter asks `isFormPost(Astro)` (src/lib/page-forms.ts) handles a POST, and only such a page
// is let past the method check (functions/middleware/allowed-methods.ts, `pageMethods`); any other
// page answers GET and HEAD only. astro.config.mjs hands the list to the Worker as __FORM_PAGES__.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const ASKS = /\bisFormPost\(Astro\)/;

/**
 * Route patterns of the pages under `dir` that ask `isFormPost(Astro)`; a dynamic segment is `*`.
 * @example formPages() // ['/activate', '/auth', …, '/poll/*', …]
 */
export function formPages(dir = 'src/pages') {
  const found = [];
  const walk = (at) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.astro') && ASKS.test(readFileSync(path, 'utf8')))
        found.push(routeOf(relative(dir, path)));
    }
  };
  walk(dir);
  return found.sort();
}

/** `poll/[slug].astro` → `/poll/*`, `settings/index.astro` → `/settings`. */
function routeOf(file) {
  const parts = file
    .replace(/\.astro$/, '')
    .split(sep)
    .map((part) => (/^\[.+\]$/.test(part) ? '*' : part));
  if (parts.at(-1) === 'index') parts.pop();
  return `/${parts.join('/')}`;
}
