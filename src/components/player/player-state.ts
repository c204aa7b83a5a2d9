/**
 * The player's state as one pure reducer (React's "extracting state logic into a reducer"): what
 * the watch API answered and the phase it put the player in, the first frame, the next-episode
 * countdown, the viewer's choices and which menu or dialog is open. The hooks beside it
 * (hooks/) run the effects and dispatch what happened; nothing here touches the page.
 */
import type { Preferences, StreamInfo, WatchAnswer, WatchTarget } from './watch-api.ts';

/** Where the player is: asking, waiting for a clip being made, playing, or why not. */
export type Phase =
  | 'loading'
  | 'preparing'
  | 'ready'
  | 'failed'
  | 'unsupported'
  | 'forbidden'
  | 'streams'
  | 'stopped';

export type MenuName = 'quality' | 'audio' | 'subtitles' | 'speed' | 'settings';

/** The next episode starts this many seconds after the credits begin, unless cancelled. */
export const COUNTDOWN_S = 10;

export interface PlayerState {
  target: WatchTarget;
  /** Bumped by «Повторить», «Смотреть здесь» and a PIN entered: the same target asked again. */
  attempt: number;
  phase: Phase;
  answer: WatchAnswer | null;
  /** Where playback stood when it failed or was stopped: the next answer resumes there. */
  resumeAt: number | null;
  refusal: { reason: string; message: string };
  streams: StreamInfo[];
  /** A stream of another device is being stopped. */
  busy: boolean;
  /** The server's words while it still makes the clip (phase `preparing`). */
  preparing: string;
  /** The page's PIN popup is up, over the refusal. */
  pinAsked: boolean;
  /** The first frame has played. */
  started: boolean;
  waiting: boolean;
  /** Seconds left before the next episode, while its countdown runs. */
  countdown: number | null;
  countdownCancelled: boolean;
  /** Started muted because the browser refused sound without a press (a page opened to play). */
  autoMuted: boolean;
  prefs: Preferences;
  /** The subtitles last chosen, which C turns back on. */
  lastSubtitles: string;
  menu: MenuName | null;
  help: boolean;
}

export type PlayerAction =
  /** A new attempt at the target: its answer is being asked for. */
  | { type: 'asked' }
  | { type: 'preparing'; message: string }
  /** `prefs`: the choices to start with (preferences.ts reads them from the browser for a guest). */
  | { type: 'answered'; answer: WatchAnswer; prefs: Preferences }
  /** A 403; `askPin`: the page's PIN popup comes up over it. */
  | { type: 'refused'; reason: string; message: string; askPin: boolean }
  | { type: 'tooManyStreams'; streams: StreamInfo[] }
  /** `resumeAt`, when given, is where playback stood (null: nowhere worth resuming). */
  | { type: 'failed'; resumeAt?: number | null }
  | { type: 'unsupported' }
  | { type: 'stopped'; resumeAt?: number | null }
  /** `resumeAt` counts only if nothing was kept before. */
  | { type: 'retry'; resumeAt?: number | null }
  | { type: 'next'; target: WatchTarget }
  | { type: 'busy'; busy: boolean }
  | { type: 'pinAsked'; asked: boolean }
  | { type: 'playing' }
  | { type: 'waiting' }
  /** Where playback stands against the credits: starts or drops the countdown. */
  | { type: 'credits'; inCredits: boolean; hasNext: boolean }
  | { type: 'tick' }
  | { type: 'cancelCountdown' }
  | { type: 'autoMuted'; muted: boolean }
  /** `lastSubtitles`: given when the viewer picked subtitles (not «Выкл»). */
  | { type: 'chose'; prefs: Preferences; lastSubtitles?: string }
  | { type: 'menu'; menu: MenuName | null }
  | { type: 'help'; open: boolean };

/**
 * The state a player opens with.
 * @example initialPlayerState({ kind: 'title', contentId: 1 }).phase // 'loading'
 */
export const initialPlayerState = (target: WatchTarget): PlayerState => ({
  target,
  attempt: 0,
  phase: 'loading',
  answer: null,
  resumeAt: null,
  refusal: { reason: '', message: '' },
  streams: [],
  busy: false,
  preparing: '',
  pinAsked: false,
  started: false,
  waiting: false,
  countdown: null,
  countdownCancelled: false,
  autoMuted: false,
  prefs: { audio: 'ru', subtitles: 'off' },
  lastSubtitles: '',
  menu: null,
  help: false,
});

/** `s` with `change` applied; `s` itself when nothing changes, so React skips the render. */
function patch(s: PlayerState, change: Partial<PlayerState>): PlayerState {
  for (const key of Object.keys(change) as (keyof PlayerState)[])
    if (!Object.is(s[key], change[key])) return { ...s, ...change };
  return s;
}

/** Every change of the player's state, from what happened. */
export function playerReducer(s: PlayerState, a: PlayerAction): PlayerState {
  switch (a.type) {
    case 'asked':
      return patch(s, {
        phase: 'loading',
        answer: null,
        started: false,
        countdown: null,
        countdownCancelled: false,
      });
    case 'preparing':
      return patch(s, { preparing: a.message, phase: 'preparing' });
    case 'answered':
      return {
        ...s,
        prefs: a.prefs,
        answer: { ...a.answer, position: s.resumeAt ?? a.answer.position },
        resumeAt: null,
        phase: 'ready',
      };
    case 'refused':
      return patch(s, {
        refusal: { reason: a.reason, message: a.message },
        pinAsked: a.askPin || s.pinAsked,
        phase: 'forbidden',
      });
    case 'tooManyStreams':
      return patch(s, { streams: a.streams, phase: 'streams' });
    case 'failed':
      return patch(s, {
        resumeAt: a.resumeAt === undefined ? s.resumeAt : a.resumeAt,
        phase: 'failed',
      });
    case 'unsupported':
      return patch(s, { phase: 'unsupported' });
    case 'stopped':
      return patch(s, {
        resumeAt: a.resumeAt === undefined ? s.resumeAt : a.resumeAt,
        answer: null,
        phase: 'stopped',
      });
    case 'retry':
      return { ...s, resumeAt: s.resumeAt ?? a.resumeAt ?? null, attempt: s.attempt + 1 };
    case 'next':
      return patch(s, { target: a.target });
    case 'busy':
      return patch(s, { busy: a.busy });
    case 'pinAsked':
      return patch(s, { pinAsked: a.asked });
    case 'playing':
      return patch(s, { started: true, waiting: false });
    case 'waiting':
      return patch(s, { waiting: true });
    case 'credits':
      return patch(s, { countdown: creditsCountdown(s, a.inCredits, a.hasNext) });
    case 'tick':
      return patch(s, { countdown: s.countdown === null ? null : s.countdown - 1 });
    case 'cancelCountdown':
      return patch(s, { countdownCancelled: true, countdown: null });
    case 'autoMuted':
      return patch(s, { autoMuted: a.muted });
    case 'chose':
      return patch(s, { prefs: a.prefs, lastSubtitles: a.lastSubtitles ?? s.lastSubtitles });
    case 'menu':
      return patch(s, { menu: a.menu });
    case 'help':
      return patch(s, { help: a.open });
  }
}

/**
 * The countdown as playback enters or leaves the credits: it starts when the credits of an
 * episode with a next one begin (unless the viewer cancelled it), and is dropped when playback
 * seeks back out of them.
 * @example creditsCountdown({ countdown: null, countdownCancelled: false }, true, true) // 10
 */
export function creditsCountdown(
  s: Pick<PlayerState, 'countdown' | 'countdownCancelled'>,
  inCredits: boolean,
  hasNext: boolean,
): number | null {
  if (inCredits && hasNext && !s.countdownCancelled && s.countdown === null) return COUNTDOWN_S;
  if (!inCredits) return null;
  return s.countdown;
}

/**
 * The subtitles C switches to: off when on, else the last chosen, else the answer's first.
 * @example toggledSubtitles({ ...state, prefs: { audio: 'ru', subtitles: 'en' } }) // 'off'
 */
export function toggledSubtitles(s: Pick<PlayerState, 'prefs' | 'lastSubtitles' | 'answer'>) {
  if (s.prefs.subtitles !== 'off') return 'off';
  return s.lastSubtitles || s.answer?.subtitles[0]?.lang || 'off';
}

/** «Пропустить заставку» goes this long before the intro ends: a skip there would gain nothing. */
const INTRO_TAIL_S = 0.5;

/**
 * Where playback stands against the answer's markers, once the first frame has played.
 * @example markerState(answer, true, 30) // { intro, credits, inIntro: true, inCredits: false }
 */
export function markerState(answer: WatchAnswer | null, started: boolean, now: number) {
  const intro = answer?.markers?.intro ?? null;
  const credits = answer?.markers?.credits ?? null;
  return {
    intro,
    inIntro: !!intro && started && now >= intro.start && now < intro.end - INTRO_TAIL_S,
    inCredits: credits !== null && started && now >= credits,
  };
}

/**
 * What «Следующая серия» plays: the answer's next episode of the same title.
 * @example nextTarget(answer) // { kind: 'episode', contentId: 7, episodeId: 12 }
 */
export function nextTarget(answer: WatchAnswer | null): WatchTarget | null {
  if (!answer?.next) return null;
  return { kind: 'episode', contentId: answer.content.id, episodeId: answer.next.episodeId };
}
