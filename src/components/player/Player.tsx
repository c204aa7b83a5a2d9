import { useCallback, useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import { type ApiResult, errorReason, isOk } from '../../lib/api-client.ts';
import { $parental } from '../../stores/parental.ts';
import { type AudioOption, attach, type Engine, hlsSupport, type Quality } from './engine.ts';
import { Icon } from './icons.tsx';
import { MenuButton, type MenuSection } from './MenuButton.tsx';
import { rememberPreferences, startingPreferences } from './preferences.ts';
import { ForbiddenDialog, HelpDialog, hasPinPopup, StreamsDialog } from './Refusals.tsx';
import { measuredBandwidth } from './start-level.ts';
import { Timeline } from './Timeline.tsx';
import { playerTexts as t } from './texts.ts';
import { loadThumbnails, type Thumbnail } from './thumbnails.ts';
import { clock, spokenDuration, timelineText } from './time.ts';
import { useReporting } from './use-reporting.ts';
import {
  fetchWatch,
  type Preferences,
  type StreamInfo,
  stopStream,
  type WatchAnswer,
  type WatchTarget,
} from './watch-api.ts';
import './player.css';

export interface PlayerProps {
  target: WatchTarget;
  /** The page's art, shown until the first frame. */
  poster?: string;
  /** Analytics host (STAT_URL); empty is this site. */
  statUrl: string;
  /** The viewer closed the player (a refusal's «Закрыть»). */
  onClose(): void;
  /**
   * The watch answer for `target`, asked for as «Смотреть» was pressed (launcher.ts), while this
   * code was still loading; the player asks itself for anything later (a retry, the next episode).
   */
  firstAnswer?: Promise<ApiResult<WatchAnswer>>;
}

type Phase =
  | 'loading'
  | 'preparing'
  | 'ready'
  | 'failed'
  | 'unsupported'
  | 'forbidden'
  | 'streams'
  | 'stopped';
/** How often to ask again for a clip the server is still making (its first `npm start`). */
const PREPARING_POLL_MS = 5000;
type MenuName = 'quality' | 'audio' | 'subtitles' | 'speed' | 'settings';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];
/** The next episode starts this many seconds after the credits begin, unless cancelled. */
const COUNTDOWN_S = 10;
/** Controls hide after this long without the pointer moving (never while focused). */
const IDLE_MS = 3000;
/** Closer than this to the live edge counts as «В эфире». */
const LIVE_SLACK_S = 10;

/** Media Session actions a browser does not know throw; those are skipped. */
function setAction(
  session: MediaSession,
  action: MediaSessionAction,
  run: MediaSessionActionHandler | null,
) {
  try {
    session.setActionHandler(action, run);
  } catch {
    // Not supported here.
  }
}

/** A phone's width: the control bar folds its choices into one menu (player.css holds the same width). */
const PHONE = '(max-width: 767px)';
const isPhone = () => matchMedia(PHONE).matches;
const watchPhone = (changed: () => void) => {
  const query = matchMedia(PHONE);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
};

const speedLabel = (s: number) => (s === 1 ? t.normalSpeed : `${String(s).replace('.', ',')}×`);

/**
 * The player: asks the watch API what to play, plays it with hls.js (or native HLS), and offers
 * quality, audio, subtitles, speed, seek previews, skip intro/credits with the next-episode
 * countdown, picture in picture, fullscreen, Media Session and keyboard shortcuts; live channels
 * get the DVR window and «К эфиру».
 */
export default function Player({
  target: initialTarget,
  poster,
  statUrl,
  onClose,
  firstAnswer,
}: PlayerProps) {
  const [target, setTarget] = useState(initialTarget);
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  const [phase, setPhase] = useState<Phase>('loading');
  const [answer, setAnswer] = useState<WatchAnswer | null>(null);
  const [refusal, setRefusal] = useState({ reason: '', message: '' });
  const [streams, setStreams] = useState<StreamInfo[]>([]);
  const [busy, setBusy] = useState(false);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const root = useRef<HTMLElement>(null);
  const engine = useRef<Engine | null>(null);
  // What a refused playlist does (onStopped, defined below with the stream reporting).
  const stoppedRef = useRef(() => {});
  const resumeAt = useRef<number | null>(null);
  const [, repaint] = useReducer((n: number) => n + 1, 0);
  const [levels, setLevels] = useState<Quality[]>([]);
  const [audioOptions, setAudioOptions] = useState<AudioOption[]>([]);
  const [level, setLevel] = useState(-1);
  const [playingHeight, setPlayingHeight] = useState(0);
  const [prefs, setPrefs] = useState<Preferences>({ audio: 'ru', subtitles: 'off' });
  const prefsRef = useRef(prefs);
  prefsRef.current = prefs;
  const lastSubtitles = useRef('');
  const [menu, setMenu] = useState<MenuName | null>(null);
  const [help, setHelp] = useState(false);
  const compact = useSyncExternalStore(watchPhone, isPhone, () => false);
  const [cue, setCue] = useState('');
  const [thumbs, setThumbs] = useState<Thumbnail[]>([]);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [countdownCancelled, setCountdownCancelled] = useState(false);
  const [active, setActive] = useState(true);
  const [focusIn, setFocusIn] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [started, setStarted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [autoMuted, setAutoMuted] = useState(false);
  const [pinAsked, setPinAsked] = useState(false);
  /** The server's words while it still makes the clip (phase `preparing`). */
  const [preparing, setPreparing] = useState('');

  // Until the first frame: the page's own art for what the page offered (on a wide screen the
  // backdrop it already shows, from the cache), the answer's still for anything played after it:
  // that still's 82 KB came down beside the first segment.
  const stillPoster =
    (target === initialTarget ? (poster ?? answer?.poster) : (answer?.poster ?? poster)) ??
    undefined;

  /** One watch answer: play it, or show why not. */
  const handle = useCallback((r: ApiResult<WatchAnswer>) => {
    const reason = errorReason(r) ?? '';
    if (r.status === 200 && r.data) {
      const data = r.data;
      setPrefs(startingPreferences(data.preferences, !data.stream));
      setAnswer({ ...data, position: resumeAt.current ?? data.position });
      resumeAt.current = null;
      setPhase('ready');
    } else if (r.status === 403) {
      setRefusal({ reason, message: r.error?.message ?? '' });
      // Play was pressed to watch: the page's PIN popup comes straight up, the refusal behind it.
      if (reason === 'pin_required' && hasPinPopup()) {
        setPinAsked(true);
        $parental.setKey('visible', true);
      }
      setPhase('forbidden');
    } else if (r.status === 409 && reason === 'too_many_streams') {
      const details = (r.error as { details?: { streams?: StreamInfo[] } }).details;
      setStreams(details?.streams ?? []);
      setPhase('streams');
    } else setPhase('failed');
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry is a new attempt at the same target
  useEffect(() => {
    let current = true;
    setPhase('loading');
    setAnswer(null);
    setStarted(false);
    setCountdown(null);
    setCountdownCancelled(false);
    const pressed = attempt === 0 && target === initialTarget ? firstAnswer : undefined;
    let later: ReturnType<typeof setTimeout> | undefined;
    // A clip still being made (media_pending) is asked for again until it is there, and then
    // plays by itself: the viewer already pressed play.
    const ask = (answer: Promise<ApiResult<WatchAnswer>>) =>
      void answer.then((r) => {
        if (!current) return;
        if (r.status === 503 && errorReason(r) === 'media_pending') {
          setPreparing(r.error?.message || t.loading);
          setPhase('preparing');
          later = setTimeout(() => ask(fetchWatch(target)), PREPARING_POLL_MS);
        } else handle(r);
      });
    ask(pressed ?? fetchWatch(target));
    return () => {
      current = false;
      clearTimeout(later);
    };
  }, [target, attempt, handle]);

  // The engine lives as long as the answer it plays.
  useEffect(() => {
    if (!video || !answer) return;
    if (!hlsSupport(video)) {
      setPhase('unsupported');
      return;
    }
    setLevels([]);
    setLevel(-1);
    const e = attach(
      video,
      {
        manifest: answer.manifest,
        startPosition: answer.position,
        audio: prefsRef.current.audio,
        live: answer.live,
        bandwidth: measuredBandwidth(),
      },
      {
        onTracks(l, a) {
          setLevels([...l].sort((x, y) => y.height - x.height));
          setAudioOptions(a);
        },
        onLevel: setPlayingHeight,
        onFailed() {
          resumeAt.current = video.currentTime || null;
          video.pause();
          setPhase('failed');
        },
        onRefused: () => stoppedRef.current(),
      },
    );
    engine.current = e;
    // A page opened to play (?play=1) has had no press: browsers refuse to start it with sound,
    // so it starts muted with «Смотреть со звуком» on top; failing that, the big play button stays.
    video.play().catch((error: unknown) => {
      if ((error as Error).name !== 'NotAllowedError') return;
      video.muted = true;
      setAutoMuted(true);
      video.play().catch(() => {});
    });
    return () => {
      e.destroy();
      engine.current = null;
    };
  }, [video, answer]);

  // Repaint on the media's own events; remember whether it has started and whether it waits.
  useEffect(() => {
    if (!video) return;
    const names = [
      'timeupdate',
      'durationchange',
      'volumechange',
      'ratechange',
      'progress',
      'seeked',
      'pause',
      'play',
    ];
    for (const n of names) video.addEventListener(n, repaint);
    const onPlaying = () => {
      setStarted(true);
      setWaiting(false);
    };
    const onWaiting = () => setWaiting(true);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    return () => {
      for (const n of names) video.removeEventListener(n, repaint);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
    };
  }, [video]);

  const onStopped = useCallback(() => {
    if (video) {
      resumeAt.current = video.currentTime || null;
      video.pause();
    }
    setAnswer(null);
    setPhase('stopped');
  }, [video]);
  stoppedRef.current = onStopped;
  useReporting(video, answer, statUrl, onStopped);

  // Subtitles: the chosen sidecar track shows, the others are off; its cues go to the live region.
  useEffect(() => {
    if (!video || !answer) return;
    const tracks = [...video.textTracks].filter((tr) => tr.kind === 'subtitles');
    let shown: TextTrack | undefined;
    for (const tr of tracks) {
      const on = tr.language === prefs.subtitles;
      tr.mode = on ? 'showing' : 'disabled';
      if (on) shown = tr;
    }
    setCue('');
    if (!shown) return;
    const track = shown;
    const onCue = () =>
      setCue(
        [...(track.activeCues ?? [])]
          .map((c) => (c as VTTCue).text.replace(/<[^>]+>/g, ''))
          .join('\n'),
      );
    track.addEventListener('cuechange', onCue);
    return () => track.removeEventListener('cuechange', onCue);
  }, [video, answer, prefs.subtitles]);

  // Seek previews once playback has started: before it, their requests would queue beside the
  // first segment's.
  useEffect(() => {
    setThumbs([]);
    if (answer?.thumbnails && started) void loadThumbnails(answer.thumbnails).then(setThumbs);
  }, [answer, started]);

  // Media Session: the system's media controls and lock screen know what plays.
  const seekers = useRef({ seekTo: (_: number) => {}, seekBy: (_: number) => {} });
  useEffect(() => {
    if (!answer || !video || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    const art = answer.poster ?? poster;
    session.metadata = new MediaMetadata({
      title: answer.episode?.name || answer.content.name,
      artist: 'Амедиатека',
      album: answer.episode
        ? `${answer.content.name}, ${answer.episode.season} сезон, ${answer.episode.number} серия`
        : answer.content.name,
      artwork: art ? [{ src: new URL(art, location.href).href }] : [],
    });
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void video.play()],
      ['pause', () => video.pause()],
      ['seekbackward', (d) => seekers.current.seekBy(-(d.seekOffset ?? 10))],
      ['seekforward', (d) => seekers.current.seekBy(d.seekOffset ?? 10)],
      ['seekto', (d) => d.seekTime !== undefined && seekers.current.seekTo(d.seekTime)],
    ];
    for (const [action, run] of handlers) setAction(session, action, run);
    return () => {
      for (const [action] of handlers) setAction(session, action, null);
    };
  }, [answer, video, poster]);

  // The PIN popup of the page: entering the PIN asks again; closing it shows the refusal again.
  useEffect(
    () =>
      $parental.listen((s, _old, key) => {
        if (key === 'entered' && s.entered) retry();
        if (key === 'visible' && !s.visible) setPinAsked(false);
      }),
    [],
  );

  // Focus comes to the player as it opens: its shortcuts work and a screen reader is told where it is.
  useEffect(() => root.current?.focus({ preventScroll: true }), []);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === root.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  // The pointer's rest hides the controls after IDLE_MS.
  const idleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const wake = () => {
    setActive(true);
    clearTimeout(idleTimer.current);
    idleTimer.current = setTimeout(() => setActive(false), IDLE_MS);
  };
  useEffect(() => () => clearTimeout(idleTimer.current), []);

  // ——— actions
  const range = () => {
    const s = video?.seekable;
    if (video && s?.length) return { start: s.start(0), end: s.end(s.length - 1) };
    const d = video && Number.isFinite(video.duration) ? video.duration : (answer?.duration ?? 0);
    return { start: 0, end: d };
  };
  function seekTo(time: number) {
    if (!video) return;
    const { start, end } = range();
    video.currentTime = Math.min(Math.max(time, start), Math.max(start, end - 0.1));
    repaint();
  }
  function seekBy(delta: number) {
    if (video) seekTo(video.currentTime + delta);
  }
  seekers.current = { seekTo, seekBy };
  const togglePlay = () => {
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => {});
    else video.pause();
  };
  const toggleMute = () => {
    if (video) video.muted = !video.muted;
  };
  const changeVolume = (delta: number) => {
    if (!video) return;
    video.muted = false;
    video.volume = Math.min(1, Math.max(0, Math.round((video.volume + delta) * 10) / 10));
  };
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void root.current?.requestFullscreen().catch(() => {});
  };
  const togglePip = () => {
    if (!video) return;
    if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
    else void video.requestPictureInPicture().catch(() => {});
  };
  const choose = (next: Preferences) => {
    setPrefs(next);
    rememberPreferences(next, !answer?.stream);
  };
  const chooseSubtitles = (lang: string) => {
    if (lang !== 'off') lastSubtitles.current = lang;
    choose({ ...prefs, subtitles: lang });
  };
  const toggleSubtitles = () =>
    chooseSubtitles(
      prefs.subtitles === 'off'
        ? lastSubtitles.current || answer?.subtitles[0]?.lang || 'off'
        : 'off',
    );
  const chooseAudio = (lang: string) => {
    engine.current?.setAudio(lang);
    choose({ ...prefs, audio: lang });
  };
  const chooseLevel = (value: string) => {
    const index = Number(value);
    setLevel(index);
    engine.current?.setLevel(index);
  };
  const goNext = useCallback(() => {
    const next = answer?.next;
    if (!next || !answer) return;
    history.replaceState(history.state, '', next.url);
    setTarget({ kind: 'episode', contentId: answer.content.id, episodeId: next.episodeId });
  }, [answer]);
  const goLive = () => {
    const edge = engine.current?.liveEdge() ?? range().end;
    seekTo(edge);
    if (video?.paused) void video.play().catch(() => {});
  };
  const stopOther = async (id: StreamInfo['id']) => {
    setBusy(true);
    const stopped = await stopStream(id);
    if (isOk(stopped)) handle(await fetchWatch(target));
    setBusy(false);
  };
  const openPin = () => {
    setPinAsked(true);
    $parental.setKey('visible', true);
  };

  // ——— keyboard shortcuts, on the player or on the page's body
  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || !root.current || !video) return;
    if (phase === 'forbidden' || phase === 'streams' || help) return;
    const el = e.target as HTMLElement;
    if (!root.current.contains(el) && el !== document.body) return;
    if (el.closest('input, textarea, select, [contenteditable]')) return;
    const onControl = el.closest('button, a, [role=menuitemradio], [role=slider]');
    if (onControl && (e.key === ' ' || e.key === 'Enter')) return;
    // By key position (e.code): the letters work on a Russian layout too.
    const run = new Map<string, () => void>([
      ['Space', togglePlay],
      ['KeyK', togglePlay],
      ['ArrowLeft', () => seekBy(-10)],
      ['KeyJ', () => seekBy(-10)],
      ['ArrowRight', () => seekBy(10)],
      ['KeyL', () => seekBy(10)],
      ['ArrowUp', () => changeVolume(0.1)],
      ['ArrowDown', () => changeVolume(-0.1)],
      ['KeyM', toggleMute],
      ['KeyF', toggleFullscreen],
      ['KeyC', toggleSubtitles],
      ['Escape', () => setMenu(null)],
    ]);
    const action =
      e.key === '?' || (e.code === 'Slash' && e.shiftKey) ? () => setHelp(true) : run.get(e.code);
    if (!action) return;
    e.preventDefault();
    wake();
    action();
  };
  useEffect(() => {
    const listener = (e: KeyboardEvent) => keys.current(e);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  // ——— markers: intro, credits and the next-episode countdown
  const now = video?.currentTime ?? 0;
  const intro = answer?.markers?.intro ?? null;
  const credits = answer?.markers?.credits ?? null;
  const inIntro = !!intro && started && now >= intro.start && now < intro.end - 0.5;
  const inCredits = credits !== null && started && now >= credits;
  const hasNext = !!answer?.next;
  useEffect(() => {
    if (inCredits && hasNext && !countdownCancelled && countdown === null)
      setCountdown(COUNTDOWN_S);
    if (!inCredits && countdown !== null) setCountdown(null);
  }, [inCredits, hasNext, countdownCancelled, countdown]);
  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      goNext();
      return;
    }
    const timer = setTimeout(() => setCountdown((c) => (c === null ? null : c - 1)), 1000);
    return () => clearTimeout(timer);
  }, [countdown, goNext]);
  useEffect(() => {
    if (!video) return;
    const onEnded = () => {
      if (hasNext && !countdownCancelled) goNext();
    };
    video.addEventListener('ended', onEnded);
    return () => video.removeEventListener('ended', onEnded);
  }, [video, hasNext, countdownCancelled, goNext]);

  // ——— what to draw
  const live = !!answer?.live;
  const { start, end } = range();
  const edge = live ? (engine.current?.liveEdge() ?? end) : end;
  const behind = Math.max(0, edge - now);
  const atLive = live && behind < LIVE_SLACK_S;
  let buffered = now;
  if (video)
    for (let i = 0; i < video.buffered.length; i++)
      if (video.buffered.start(i) <= now + 0.5)
        buffered = Math.max(buffered, video.buffered.end(i));
  const valueText = live
    ? atLive
      ? t.atLive
      : `${spokenDuration(behind)} ${t.behindLive}`
    : timelineText(now - start, end - start);
  const paused = !video || video.paused;
  const idle = !paused && !active && !focusIn && menu === null;
  const name = answer?.content.name ?? '';
  const episode = answer?.episode;
  const menuProps = (which: MenuName) => ({
    open: menu === which,
    onOpenChange: (open: boolean) => setMenu(open ? which : null),
  });
  const qualityOptions = [
    {
      value: '-1',
      label: playingHeight && level === -1 ? `${t.auto} (${playingHeight}p)` : t.auto,
    },
    ...levels.map((l) => ({ value: String(l.index), label: `${l.height}p` })),
  ];
  const audioLabels = audioOptions.map((a) => ({
    value: a.lang,
    label: t.audioLabels[a.lang] ?? a.name,
  }));
  const subtitleOptions = [
    { value: 'off', label: t.subtitlesOff },
    ...(answer?.subtitles ?? []).map((s) => ({
      value: s.lang,
      label: t.subtitleLabels[s.lang] ?? s.label,
    })),
  ];
  // The choices of the control bar: each its own menu button on a wide screen, one «Настройки»
  // menu on a phone, where the buttons would otherwise cover a third of the picture.
  const sections: (MenuSection & { name: Exclude<MenuName, 'settings'>; badge?: string })[] = [];
  if (levels.length > 1)
    sections.push({
      name: 'quality',
      label: t.settings.quality,
      badge: level === -1 ? t.auto : `${levels.find((l) => l.index === level)?.height ?? ''}p`,
      options: qualityOptions,
      value: String(level),
      onChange: chooseLevel,
    });
  if (audioOptions.length > 1)
    sections.push({
      name: 'audio',
      label: t.settings.audio,
      badge: prefs.audio.toUpperCase(),
      options: audioLabels,
      value: prefs.audio,
      onChange: chooseAudio,
    });
  if ((answer?.subtitles.length ?? 0) > 0)
    sections.push({
      name: 'subtitles',
      label: t.settings.subtitles,
      badge: prefs.subtitles === 'off' ? undefined : prefs.subtitles.toUpperCase(),
      options: subtitleOptions,
      value: prefs.subtitles,
      onChange: chooseSubtitles,
    });
  if (!live)
    sections.push({
      name: 'speed',
      label: t.settings.speed,
      options: SPEEDS.map((s) => ({ value: String(s), label: speedLabel(s) })),
      value: String(video?.playbackRate ?? 1),
      onChange: (v) => {
        if (video) video.playbackRate = Number(v);
      },
    });
  const button = (label: string, icon: Parameters<typeof Icon>[0]['name'], onClick: () => void) => (
    <button
      type="button"
      className="player__button"
      aria-label={label}
      data-tip={label}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
  const canPip = typeof document !== 'undefined' && document.pictureInPictureEnabled;

  return (
    <section
      ref={root}
      className={`player${idle ? ' player--idle' : ''}${live ? ' player--live' : ''}`}
      aria-label={name ? `${t.region}: ${name}` : t.region}
      tabIndex={-1}
      onPointerMove={wake}
      onPointerDown={wake}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: captions are the sidecar <track>s below, added once the answer names them */}
      <video
        ref={setVideo}
        className="player__video"
        poster={stillPoster}
        playsInline
        preload="auto"
        onClick={togglePlay}
        onDoubleClick={toggleFullscreen}
      >
        {answer?.subtitles.map((s) => (
          <track key={s.lang} kind="subtitles" srcLang={s.lang} label={s.label} src={s.src} />
        ))}
      </video>
      <div className="visually-hidden" aria-live="polite">
        {cue}
      </div>
      {/* Mounted from the start, so a screen reader hears the line when it is put in. */}
      <p className="visually-hidden" role="status">
        {phase === 'preparing' ? preparing : ''}
      </p>

      <div className="player__top">
        <p className="player__title">
          {name}
          {episode && (
            <span className="player__episode">
              {episode.season} сезон, {episode.number} серия
              {episode.name ? `. ${episode.name}` : ''}
            </span>
          )}
        </p>
        {live && answer?.programme && (
          <p className="player__programme">
            {t.onAir}: {answer.programme.name}
          </p>
        )}
      </div>

      {(phase === 'loading' || (waiting && !paused)) && (
        <output className="player__spinner" aria-label={t.loading} />
      )}
      {phase === 'preparing' && (
        <div className="player__message" aria-hidden="true">
          <p>{preparing}</p>
        </div>
      )}

      {phase === 'ready' && paused && !started && (
        <button type="button" className="player__big-play" aria-label={t.play} onClick={togglePlay}>
          <Icon name="play" />
        </button>
      )}

      {phase === 'ready' && autoMuted && video?.muted && (
        <button
          type="button"
          className="player__unmute button"
          onClick={() => {
            if (video) video.muted = false;
            setAutoMuted(false);
          }}
        >
          <Icon name="volume" /> {t.withSound}
        </button>
      )}

      {phase === 'ready' && inIntro && (
        <button
          type="button"
          className="player__skip button"
          onClick={() => intro && seekTo(intro.end)}
        >
          {t.skipIntro}
        </button>
      )}
      {phase === 'ready' && inCredits && !hasNext && (
        <button type="button" className="player__skip button" onClick={() => seekTo(end)}>
          {t.skipCredits}
        </button>
      )}
      {phase === 'ready' && countdown !== null && answer?.next && (
        <section className="player__next" aria-label={t.nextEpisode}>
          <p>
            {t.nextEpisodeIn(countdown)}{' '}
            <span className="player__next-name">{answer.next.name}</span>
          </p>
          <button type="button" className="button" onClick={goNext}>
            {t.skipCredits}
          </button>
          <button
            type="button"
            className="player__text-button"
            onClick={() => {
              setCountdownCancelled(true);
              setCountdown(null);
            }}
          >
            {t.cancel}
          </button>
        </section>
      )}

      {phase === 'ready' && (
        // biome-ignore lint/a11y/noStaticElementInteractions: focus is only watched (controls stay while focused), nothing is handled here
        <div
          className="player__controls"
          onFocus={() => setFocusIn(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusIn(false);
          }}
        >
          <Timeline
            start={start}
            end={live ? edge : end}
            value={now}
            buffered={buffered}
            valueText={valueText}
            thumbnails={live ? [] : thumbs}
            label={(time) => (live ? `−${clock(edge - time)}` : clock(time - start))}
            onSeek={seekTo}
          />
          <div className="player__row">
            {button(paused ? t.play : t.pause, paused ? 'play' : 'pause', togglePlay)}
            {button(t.back10, 'back', () => seekBy(-10))}
            {button(t.forward10, 'forward', () => seekBy(10))}
            {/* A phone has its volume keys; a muted start has «Смотреть со звуком» above. */}
            {!compact &&
              button(
                video?.muted ? t.unmute : t.mute,
                video?.muted ? 'muted' : 'volume',
                toggleMute,
              )}
            <input
              className="player__volume"
              type="range"
              min={0}
              max={100}
              step={5}
              aria-label={t.volume}
              aria-valuetext={`${Math.round((video?.muted ? 0 : (video?.volume ?? 1)) * 100)} %`}
              value={Math.round((video?.muted ? 0 : (video?.volume ?? 1)) * 100)}
              onChange={(e) => {
                if (!video) return;
                video.volume = Number(e.currentTarget.value) / 100;
                video.muted = video.volume === 0;
              }}
            />
            {live ? (
              atLive ? (
                <span className="player__live">{t.live}</span>
              ) : (
                <button
                  type="button"
                  className="player__live player__live--behind"
                  onClick={goLive}
                >
                  {t.toLive}
                </button>
              )
            ) : (
              <span className="player__time">
                {clock(now - start)} / {clock(end - start)}
              </span>
            )}
            <span className="player__spacer" />
            {compact
              ? sections.length > 0 && (
                  <MenuButton
                    label={t.settings.menu}
                    icon={<Icon name="quality" />}
                    sections={sections}
                    {...menuProps('settings')}
                  />
                )
              : sections.map((section) => (
                  <MenuButton
                    key={section.name}
                    label={section.label}
                    icon={<Icon name={section.name} />}
                    badge={section.badge}
                    sections={[section]}
                    {...menuProps(section.name)}
                  />
                ))}
            {canPip && !compact && button(t.pip, 'pip', togglePip)}
            {!compact && button(t.help, 'help', () => setHelp(true))}
            {button(
              fullscreen ? t.exitFullscreen : t.fullscreen,
              fullscreen ? 'exitFullscreen' : 'fullscreen',
              toggleFullscreen,
            )}
          </div>
        </div>
      )}

      {(phase === 'failed' || phase === 'unsupported' || phase === 'stopped') && (
        <div className="player__message" role="alert">
          <p>{phase === 'failed' ? t.failed : phase === 'stopped' ? t.stopped : t.unsupported}</p>
          {phase !== 'unsupported' && (
            <button
              type="button"
              className="button"
              onClick={() => {
                if (video && phase === 'failed') resumeAt.current ??= video.currentTime || null;
                retry();
              }}
            >
              {phase === 'stopped' ? t.resume : t.retry}
            </button>
          )}
        </div>
      )}
      {phase === 'forbidden' && !pinAsked && (
        <ForbiddenDialog
          reason={refusal.reason}
          message={refusal.message}
          onClose={onClose}
          onEnterPin={openPin}
        />
      )}
      {phase === 'streams' && (
        <StreamsDialog
          streams={streams}
          busy={busy}
          onStop={(id) => void stopOther(id)}
          onClose={onClose}
        />
      )}
      {help && <HelpDialog onClose={() => setHelp(false)} />}
    </section>
  );
}
