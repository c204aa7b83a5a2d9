/**
 * The seasons and episodes of a series page, with scripts: the sticky header's height kept in
 * `--site-header-height` (the scroll margin of the season picker and of the episodes, so a switched
 * season or a linked episode lands below the header); a link to an episode's place
 * (`#episode-S-E`) brought into view once the page has settled; and the mark moved to the episode
 * whose play link is pressed. Without scripts the server's mark, the ids and the CSS fallbacks do
 * the same but for following the header's height exactly.
 */

/** Keeps `--site-header-height` on the root to the sticky header's height. */
function trackHeaderHeight() {
  const header = document.querySelector<HTMLElement>('.site-header');
  if (!header) return;
  const set = () =>
    document.documentElement.style.setProperty(
      '--site-header-height',
      `${Math.ceil(header.getBoundingClientRect().height)}px`,
    );
  set();
  new ResizeObserver(set).observe(header);
}

/** Marks one episode of the list as the current one (`aria-current` and the visible mark). */
function mark(episode: HTMLElement) {
  for (const other of document.querySelectorAll<HTMLElement>('[data-episodes] > li')) {
    const current = other === episode;
    other.toggleAttribute('data-current', current);
    const link = other.querySelector('a[data-play]');
    if (current) link?.setAttribute('aria-current', 'true');
    else link?.removeAttribute('aria-current');
  }
}

/**
 * The episode element the address leads to, if it names one: by its fragment, or the one the
 * server marked for `?episode=` when the address does not ask to play it.
 */
function linkedEpisode(): HTMLElement | null {
  // A malformed fragment (`#%E0%A4`) names nothing.
  let id = '';
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch {}
  if (/^episode-\d+-\d+$/.test(id)) {
    const el = document.getElementById(id);
    return el?.closest('[data-episodes] > li') ? el : null;
  }
  const params = new URLSearchParams(location.search);
  if (!params.has('episode') || params.get('play') === '1') return null;
  return document.querySelector<HTMLElement>('[data-episodes] > li[data-current]');
}

export function startEpisodes() {
  trackHeaderHeight();
  const list = document.querySelector('[data-episodes]');
  if (!list) return;
  list.addEventListener('click', (e) => {
    const link = (e.target as Element).closest<HTMLElement>('a[data-play]');
    const episode = link?.closest<HTMLElement>('[data-episodes] > li');
    if (episode) mark(episode);
  });
  const linked = linkedEpisode();
  if (linked) {
    mark(linked);
    // The browser scrolled there before the header's height was known and the player's slot hidden.
    requestAnimationFrame(() => linked.scrollIntoView({ block: 'start' }));
  }
}
