/**
 * The TV guide in the browser: programme lists open at what is on now (each list scrolls, the page
 * does not), the «Сейчас» mark moves on when a programme ends, and the day picker swaps the day in
 * place (fetch the day's page, replace the guide, push the URL); today's /tv, which shows each
 * channel from what is on now, is fetched again when a card runs out. Without this script every day
 * is still a link and every list starts at its first programme. Once a minute the on-air progress
 * bars and the desktop timeline's now line move on (attributes and a transform: no layout read).
 */
import { elapsedMinutes, elapsedText } from './on-air.ts';

const REGION = '[data-guide-day]';
const nowSeconds = () => Date.now() / 1000;

/** Scrolls each list so that the programme on air is its first visible row (or the list's start). */
function scrollLists(lists: readonly HTMLElement[]) {
  // Every position is read first, then every list scrolled: one layout.
  const tops = lists.map((list) => {
    const current = list.querySelector<HTMLElement>('[aria-current="time"]');
    // The item's offsetParent is the list (position: relative), so this moves only the list.
    return current ? Math.max(0, current.offsetTop - 4) : 0;
  });
  lists.forEach((list, i) => {
    list.scrollTop = tops[i] ?? 0;
  });
}

let nearing: IntersectionObserver | undefined;

/**
 * Opens each list at what is on now. A channel page's list is scrolled at once; the guide's
 * channels are drawn only as they near the screen (`data-drawn-near`, content-visibility), and
 * reading every list's position now would lay all of them out, so each of those is scrolled as it
 * comes near. Today's short lists (`programmes--whole`) never scroll and are not read at all.
 */
function scrollToNow(region: HTMLElement) {
  const lists = [
    ...region.querySelectorAll<HTMLElement>('[data-programmes]:not(.programmes--whole)'),
  ];
  scrollLists(lists.filter((list) => !list.closest('[data-drawn-near]')));
  nearing?.disconnect();
  nearing = new IntersectionObserver(
    (entries, observer) => {
      const near = entries.filter((e) => e.isIntersecting).map((e) => e.target as HTMLElement);
      for (const list of near) observer.unobserve(list);
      scrollLists(near);
    },
    { rootMargin: '50% 0px' },
  );
  for (const list of lists) if (list.closest('[data-drawn-near]')) nearing.observe(list);
}

/** Moves the on-air mark (aria-current, the «Сейчас» badge, the progress bar) to the programme running at `now`. */
function markOnAir(list: HTMLElement, now: number): void {
  const badge = list.querySelector<HTMLElement>('[data-live]');
  let progress = list.querySelector<HTMLProgressElement>('[data-progress]');
  for (const item of list.querySelectorAll<HTMLElement>('li[data-start]')) {
    const start = Number(item.dataset.start);
    const end = Number(item.dataset.end);
    const onAir = start <= now && now < end;
    item.classList.toggle('programme--past', end <= now);
    if (onAir === (item.getAttribute('aria-current') === 'time')) continue;
    if (!onAir) {
      item.removeAttribute('aria-current');
      continue;
    }
    item.setAttribute('aria-current', 'time');
    const name = item.querySelector<HTMLElement>('.programme__name');
    // insertBefore, not prepend: the Workers types' Element shadows the DOM's prepend here.
    if (badge && name) {
      name.insertBefore(document.createTextNode(' '), name.firstChild);
      name.insertBefore(badge, name.firstChild);
    }
    // A list rendered between two programmes has no bar yet: showProgress fills this one in.
    if (!progress) {
      progress = document.createElement('progress');
      progress.className = 'programme__progress';
      progress.dataset.progress = '';
    }
    item.querySelector('.programme__body')?.appendChild(progress);
  }
  if (badge && !badge.closest('[aria-current="time"]')) badge.remove();
  if (progress && !progress.closest('[aria-current="time"]')) progress.remove();
}

/** Sets the progress bars and the timeline's now line to `now` (see on-air.ts, timeline.ts). */
function showProgress(region: HTMLElement, now: number): void {
  for (const bar of region.querySelectorAll<HTMLProgressElement>('[data-progress]')) {
    const item = bar.closest<HTMLElement>('li[data-start]');
    if (!item) continue;
    const { gone, total } = elapsedMinutes(
      Number(item.dataset.start),
      Number(item.dataset.end),
      now,
    );
    bar.max = total;
    bar.value = gone;
    bar.setAttribute('aria-label', elapsedText(gone, total));
  }
  const timeline = region.querySelector<HTMLElement>('[data-timeline]');
  const from = Number(timeline?.dataset.from);
  const to = Number(timeline?.dataset.to);
  if (timeline && to > from) {
    const share = Math.min(1, Math.max(0, (now - from) / (to - from)));
    timeline.style.setProperty('--now', share.toFixed(4));
  }
}

let minuteTimer: ReturnType<typeof setInterval> | undefined;
/** Moves the progress on once a minute, on the minute. */
function tickEveryMinute() {
  clearInterval(minuteTimer);
  const tick = () => {
    const current = document.querySelector<HTMLElement>(REGION);
    if (current) showProgress(current, nowSeconds());
  };
  setTimeout(
    () => {
      tick();
      minuteTimer = setInterval(tick, 60_000);
    },
    60_000 - (Date.now() % 60_000),
  );
}

/** The next moment something starts or ends among the lists, after `now`. */
function nextChange(region: HTMLElement, now: number): number | null {
  let next: number | null = null;
  for (const item of region.querySelectorAll<HTMLElement>('li[data-start]')) {
    for (const t of [Number(item.dataset.start), Number(item.dataset.end)])
      if (t > now && (next === null || t < next)) next = t;
  }
  return next;
}

/**
 * Today's /tv shows a window of each channel's day (what is on now and the next few; `data-more`
 * where the day goes on past it): once such a card's last programme has ended, the guide needs
 * fetching again.
 */
function ranOut(region: HTMLElement, now: number): boolean {
  for (const list of region.querySelectorAll<HTMLElement>('[data-more] [data-programmes]')) {
    const last = Number(list.querySelector<HTMLElement>('li[data-start]:last-child')?.dataset.end);
    if (last && last <= now) return true;
  }
  return false;
}

let timer: ReturnType<typeof setTimeout> | undefined;
/** Seconds between two refreshes of a guide whose day has ended (see followOnAir). */
const REFRESH_RETRY_S = 30;
let lastRefresh = { end: 0, at: 0 };

/** Keeps the marks right: on a timer at the next change, and when the tab comes back. */
function followOnAir(region: HTMLElement) {
  clearTimeout(timer);
  const now = nowSeconds();
  for (const list of region.querySelectorAll<HTMLElement>('[data-programmes]'))
    markOnAir(list, now);
  showProgress(region, now);
  // Today's guide ends at 05:00: past it, today is the next day, fetched like a day switch; so is
  // today's again when a card's window has run out. A page fetched too early (a shared edge copy,
  // or this computer's clock ahead of the server's) still ends then: it is asked for again only
  // after a pause, never in a loop.
  const end = Number(region.dataset.ends);
  if (region.dataset.today !== undefined && end && (now >= end || ranOut(region, now))) {
    if (lastRefresh.end !== end || now - lastRefresh.at >= REFRESH_RETRY_S) {
      lastRefresh = { end, at: now };
      void showDay(location.href, 'replace');
      return;
    }
    timer = setTimeout(
      () => {
        const current = document.querySelector<HTMLElement>(REGION);
        if (current) followOnAir(current);
      },
      (REFRESH_RETRY_S - (now - lastRefresh.at)) * 1000 + 250,
    );
    return;
  }
  const next = nextChange(region, now) ?? (region.dataset.today !== undefined ? end : null);
  if (next === null) return;
  // setTimeout's limit is about 24.8 days; the guide's changes are minutes away.
  const wait = Math.min((next - now) * 1000 + 250, 2 ** 31 - 1);
  timer = setTimeout(() => {
    const current = document.querySelector<HTMLElement>(REGION);
    if (current) followOnAir(current);
  }, wait);
}

function prepare(region: HTMLElement, scroll: boolean) {
  followOnAir(region);
  if (scroll) scrollToNow(region);
}

let loading: AbortController | undefined;
/** The address whose day is on show: a popstate to another hash of it changes nothing. */
let shown = '';
const here = () => location.pathname + location.search;

/**
 * Shows the guide day of `url` in place: its page is fetched (the same URL the link has, so the
 * edge cache serves it) and its guide replaces this one. Focus goes to the chosen day's link;
 * anything going wrong falls back to ordinary navigation.
 */
async function showDay(url: string, history: 'push' | 'replace' | 'none', focus = false) {
  const region = document.querySelector<HTMLElement>(REGION);
  if (!region) return location.assign(url);
  loading?.abort();
  loading = new AbortController();
  region.setAttribute('aria-busy', 'true');
  try {
    const res = await fetch(url, { signal: loading.signal, headers: { accept: 'text/html' } });
    if (!res.ok) throw new Error(String(res.status));
    const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
    const fresh = doc.querySelector<HTMLElement>(REGION);
    if (!fresh) throw new Error('no guide');
    region.replaceWith(fresh);
    document.title = doc.title;
    if (history === 'push') window.history.pushState({ guide: true }, '', url);
    if (history === 'replace') window.history.replaceState({ guide: true }, '', url);
    shown = here();
    prepare(fresh, true);
    if (focus) fresh.querySelector<HTMLElement>('[data-day-nav] [aria-current]')?.focus();
  } catch (error) {
    if ((error as Error).name === 'AbortError') return;
    location.assign(url);
  } finally {
    region.removeAttribute('aria-busy');
  }
}

/** Starts the guide on a page with a `[data-guide-day]` region. */
export function startGuide() {
  const region = document.querySelector<HTMLElement>(REGION);
  if (!region) return;
  prepare(region, true);
  shown = here();
  tickEveryMinute();
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest<HTMLAnchorElement>('[data-day-nav] a[href]');
    if (!link || link.origin !== location.origin) return;
    event.preventDefault();
    if (link.getAttribute('aria-current')) return;
    void showDay(link.href, 'push', true);
  });
  window.addEventListener('popstate', () => {
    if (here() !== shown) void showDay(location.href, 'none');
  });
  document.addEventListener('visibilitychange', () => {
    const current = document.querySelector<HTMLElement>(REGION);
    if (document.visibilityState === 'visible' && current) followOnAir(current);
  });
}
