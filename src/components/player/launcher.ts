/**
 * The page's side of «Смотреть», a few hundred bytes with no React: links marked `data-play` work
 * without JavaScript (they lead to the same page with `?play=1` or `?season=&episode=`, where the
 * slot starts the player on load); with it, a press mounts the player in place. The player module
 * (React, hls.js) is fetched once the viewer acts on a page whose play link is on screen (their
 * first input, then an idle moment), or on the first hover or focus of a play link, so a press
 * rarely waits for it; the press asks what to play while it loads (head-start.ts).
 */
import { onFirstInput } from '../../lib/first-input.ts';
import { playbackStarting } from '../../lib/playback-start.ts';
import { askEarly, watchAnswer } from './head-start.ts';
import type { MountedPlayer } from './mount.tsx';
import type { WatchTarget } from './watch-api.ts';

let entry: Promise<typeof import('./mount.tsx')> | undefined;
const load = () => {
  entry ??= import('./mount.tsx').catch((error: unknown) => {
    entry = undefined;
    throw error;
  });
  return entry;
};

function targetOf(el: HTMLElement, slot: HTMLElement): WatchTarget {
  const channel = el.dataset.channel ?? slot.dataset.channel;
  if (channel) return { kind: 'channel', channel };
  const contentId = Number(slot.dataset.contentId);
  const episodeId = Number(el.dataset.episodeId);
  return episodeId ? { kind: 'episode', contentId, episodeId } : { kind: 'title', contentId };
}

/** Wires the play links and the slot (`[data-player]`) of this page. */
export function startLauncher() {
  const slot = document.querySelector<HTMLElement>('[data-player]');
  if (!slot) return;
  slot.querySelector('[data-player-note]')?.remove();
  let player: Promise<MountedPlayer> | undefined;
  let trigger: HTMLElement | null = null;
  const close = () => {
    void player?.then((p) => p.unmount());
    player = undefined;
    slot.hidden = true;
    (trigger ?? document.querySelector<HTMLElement>('a[data-play]'))?.focus();
  };
  const play = (target: WatchTarget, href?: string) => {
    // Asked before the code arrives, side by side with it (head-start.ts).
    const answer = watchAnswer(target);
    playbackStarting(slot);
    slot.hidden = false;
    slot.setAttribute('aria-busy', 'true');
    player ??= load().then((m) =>
      m.mountPlayer(slot, {
        poster: slot.dataset.poster,
        statUrl: slot.dataset.statUrl ?? '',
        onClose: close,
      }),
    );
    player.then(
      (p) => {
        slot.removeAttribute('aria-busy');
        p.play(target, answer);
        // At the window's top: once the video plays the header steps aside (page-mode.ts) and
        // the player is all the window shows.
        slot.scrollIntoView({ block: 'start' });
      },
      () => {
        // The player could not be fetched: the link's own page plays it on load, as without scripts.
        player = undefined;
        if (href) location.assign(href);
      },
    );
  };
  /** No modifier key: Ctrl, Shift or Meta with a link opens it elsewhere, not in this player. */
  const plain = (e: MouseEvent | KeyboardEvent) =>
    !(e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);
  // On the document, so play links that arrive later (the TV guide's day switch) play in place too.
  const playLink = (e: Event) =>
    (e.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-play]');
  document.addEventListener('click', (e) => {
    const link = playLink(e);
    if (!link || e.button !== 0 || !plain(e)) return;
    e.preventDefault();
    trigger = link;
    // The address says what plays (a reload plays it again), when it is this page's own.
    if (new URL(link.href).pathname === location.pathname)
      history.replaceState(history.state, '', link.href);
    play(targetOf(link, slot), link.href);
  });
  // A press starts its watch call as the mouse button goes down (or on Enter), before the click.
  // Not a touch: a finger going down on a link may be starting a scroll, and a watch call opens a
  // stream (head-start.ts); a tap's click follows at once anyway.
  document.addEventListener('pointerdown', (e) => {
    const link = playLink(e);
    if (link && e.pointerType === 'mouse' && e.button === 0 && plain(e)) {
      askEarly(targetOf(link, slot));
      playbackStarting(slot);
    }
  });
  document.addEventListener('keydown', (e) => {
    const link = e.key === 'Enter' && plain(e) ? playLink(e) : null;
    if (!link) return;
    askEarly(targetOf(link, slot));
    playbackStarting(slot);
  });
  // The player's code is fetched as soon as a play link is pointed at or focused.
  for (const warm of ['pointerover', 'focusin', 'touchstart'])
    document.addEventListener(
      warm,
      (e) => {
        if (playLink(e)) void load().catch(() => {});
      },
      { passive: true },
    );
  // A viewer who acts on a page with «Смотреть» in sight is likely to press it: the code comes in
  // an idle moment after their first input, not during the load a page nobody touched is
  // measured by (its evaluation is one long task).
  onFirstInput(() => {
    const links = document.querySelectorAll('a[data-play]');
    if (links.length === 0) return;
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      const fetchCode = () => void load().catch(() => {});
      if ('requestIdleCallback' in window) requestIdleCallback(fetchCode, { timeout: 2000 });
      else setTimeout(fetchCode, 200);
    });
    for (const link of links) seen.observe(link);
  });
  // A link to an episode's place in a season's list (`?season=&episode=#episode-S-E`) leads there,
  // marked; it does not start the player above it.
  if (/^#episode-\d+-\d+$/.test(location.hash)) slot.hidden = true;
  else if (slot.dataset.autoplay !== undefined) play(targetOf(slot, slot));
}
