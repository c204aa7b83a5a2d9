import { searchTexts as t } from './texts.ts';

/**
 * «Показать ещё» on /search: the link to the next page (what a visitor without JavaScript and a
 * crawler follow) instead brings that page's results into the list. It reads the next page's own
 * HTML, so the cards are the server's markup, never a second copy of it in script. Focus moves to
 * the first new card, and the page line says how many are shown; if anything fails, the link is
 * simply followed.
 */
export function enhanceLoadMore(doc: Document = document) {
  const list = doc.getElementById('search-results');
  const more = doc.querySelector<HTMLAnchorElement>('a[data-search-more]');
  const shown = doc.querySelector<HTMLElement>('[data-search-shown]');
  if (!list || !more) return;
  const total = Number(list.dataset.total);
  // Results before this list's first one: a visitor may arrive on page 3.
  const before = Number(list.dataset.before ?? 0);
  let busy = false;

  more.addEventListener('click', async (e) => {
    // A new tab or window is the browser's business.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (busy) return;
    busy = true;
    more.setAttribute('aria-busy', 'true');
    const href = more.href;
    try {
      const res = await fetch(href, { headers: { accept: 'text/html' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const next = new DOMParser().parseFromString(await res.text(), 'text/html');
      const items = [...(next.getElementById('search-results')?.children ?? [])];
      if (items.length === 0) throw new Error('no results on the next page');
      for (const item of items) list.appendChild(doc.adoptNode(item));
      const further = next.querySelector('a[data-search-more]')?.getAttribute('href');
      if (further) more.href = new URL(further, href).href;
      else more.remove();
      if (shown) shown.textContent = t.shown(before + list.children.length, total);
      items[0]?.querySelector('a')?.focus();
    } catch {
      location.assign(href);
    } finally {
      busy = false;
      more.removeAttribute('aria-busy');
    }
  });
}
