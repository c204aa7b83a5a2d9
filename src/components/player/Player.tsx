// The playback hook first, and with it hls.js: the bundle places its modules in import order, so
// hls.js comes ahead of all the player's own modules and they stay together, within gzip's reach
// of each other (half a kilobyte less after a press than with the controls' modules ahead of
// hls.js and the rest 380 KB behind them).
import { usePlayback } from './hooks/use-playback.ts';
import './player.css';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { ApiResult } from '../../lib/api-client.ts';
import { Controls } from './Controls.tsx';
import { useCountdown } from './hooks/use-countdown.ts';
import { useFullscreen } from './hooks/use-fullscreen.ts';
import { isIdle, useIdle } from './hooks/use-idle.ts';
import { useKeyboard } from './hooks/use-keyboard.ts';
import { useMediaSession } from './hooks/use-media-session.ts';
import { useSubtitles, useThumbnails } from './hooks/use-tracks.ts';
import { usePinPopup, useWatch } from './hooks/use-watch.ts';
import { menuSections } from './menus.ts';
import { Overlays } from './Overlays.tsx';
import {
  initialPlayerState,
  markerState,
  playerReducer,
  toggledSubtitles,
} from './player-state.ts';
import { drawnTime, timelineState } from './position.ts';
import { rememberPreferences } from './preferences.ts';
import { ForbiddenDialog, HelpDialog, StreamsDialog } from './Refusals.tsx';
import { playerTexts as t } from './texts.ts';
import { useReporting } from './use-reporting.ts';
import type { Preferences, WatchAnswer, WatchTarget } from './watch-api.ts';

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

/**
 * The player: asks the watch API what to play, plays it with hls.js (or native HLS), and offers
 * quality, audio, subtitles, speed, seek previews, skip intro/credits with the next-episode
 * countdown, picture in picture, fullscreen, Media Session and keyboard shortcuts; live channels
 * get the DVR window and «К эфиру». Its state is one reducer (player-state.ts); the hooks run
 * what happens around it.
 */
export default function Player({
  target: initialTarget,
  poster,
  statUrl,
  onClose,
  firstAnswer,
}: PlayerProps) {
  const [state, dispatch] = useReducer(playerReducer, initialTarget, initialPlayerState);
  const { target, phase, answer, prefs, started } = state;
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const root = useRef<HTMLElement>(null);

  // Until the first frame: the page's own art for what the page offered (on a wide screen the
  // backdrop it already shows, from the cache), the answer's still for anything played after it:
  // that still's 82 KB came down beside the first segment.
  const stillPoster =
    (target === initialTarget ? (poster ?? answer?.poster) : (answer?.poster ?? poster)) ??
    undefined;

  const stopOther = useWatch(state, dispatch, { initialTarget, firstAnswer });
  // Another device stopped this stream, or the server refused its playlist.
  const onStopped = useCallback(() => {
    const resumeAt = video ? video.currentTime || null : undefined;
    video?.pause();
    dispatch({ type: 'stopped', resumeAt });
  }, [video]);
  const playback = usePlayback(video, answer, dispatch, {
    audio: prefs.audio,
    onRefused: onStopped,
  });
  const { engine, seekTo, seekBy } = playback;
  useReporting(video, answer, statUrl, onStopped);
  const cue = useSubtitles(video, answer, prefs.subtitles);
  const thumbs = useThumbnails(answer, started);
  useMediaSession(video, answer, poster, { seekTo, seekBy });
  const openPin = usePinPopup(dispatch);
  // Focus comes to the player as it opens: its shortcuts work and a screen reader is told where it is.
  useEffect(() => root.current?.focus({ preventScroll: true }), []);
  const screen = useFullscreen(root, video);
  const idle = useIdle(phase === 'ready' && !!video && !video.paused);

  const choose = (next: Preferences, lastSubtitles?: string) => {
    dispatch({ type: 'chose', prefs: next, lastSubtitles });
    rememberPreferences(next, !answer?.stream);
  };
  const chooseSubtitles = (lang: string) =>
    choose({ ...prefs, subtitles: lang }, lang === 'off' ? undefined : lang);
  const chooseAudio = (lang: string) => {
    engine.current?.setAudio(lang);
    choose({ ...prefs, audio: lang });
  };

  useKeyboard({
    root,
    off: !video || phase === 'forbidden' || phase === 'streams' || state.help,
    wake: idle.wake,
    run: {
      togglePlay: playback.togglePlay,
      back: () => seekBy(-10),
      forward: () => seekBy(10),
      volumeUp: () => playback.changeVolume(0.1),
      volumeDown: () => playback.changeVolume(-0.1),
      mute: playback.toggleMute,
      fullscreen: screen.toggleFullscreen,
      subtitles: () => chooseSubtitles(toggledSubtitles(state)),
      closeMenu: () => dispatch({ type: 'menu', menu: null }),
      help: () => dispatch({ type: 'help', open: true }),
    },
  });

  // ——— markers: intro, credits and the next-episode countdown
  const now = video?.currentTime ?? 0;
  const markersAt = (time: number) => markerState(answer, started, time);
  const markers = markersAt(now);
  const goNext = useCountdown(video, state, dispatch, markers.inCredits);

  // ——— what to draw
  const live = !!answer?.live;
  /** The position at a media time, with the range and live edge as they are now. */
  const positionAt = (time: number) => {
    const { start, end } = playback.range();
    const edge = live ? (engine.current?.liveEdge() ?? end) : end;
    return timelineState({ live, start, end, edge, now: time });
  };
  const timeline = positionAt(now);
  const { end } = timeline;
  const paused = !video || video.paused;
  const hidden = isIdle({ ...idle, paused, menuOpen: state.menu !== null });
  // The media's time events render again only when this changes: the intro and credits buttons
  // always, the controls' clock and slider while they show; the bar moves without a render
  // (Timeline.tsx; docs/decisions.md, «The player renders when what it shows changes»).
  playback.redrawWhen(() => {
    const time = video?.currentTime ?? 0;
    const m = markersAt(time);
    return `${m.inIntro} ${m.inCredits}${hidden ? '' : ` ${drawnTime(positionAt(time))}`}`;
  });
  const name = answer?.content.name ?? '';
  const episode = answer?.episode;
  const ready = phase === 'ready';
  const sections = menuSections(playback.tracks, state, video?.playbackRate ?? 1, {
    quality: playback.chooseLevel,
    audio: chooseAudio,
    subtitles: chooseSubtitles,
    speed: (v) => {
      if (video) video.playbackRate = Number(v);
    },
  });

  return (
    <section
      ref={root}
      className={`player${hidden ? ' player--idle' : ''}${live ? ' player--live' : ''}`}
      aria-label={name ? `${t.region}: ${name}` : t.region}
      tabIndex={-1}
      onPointerMove={idle.wake}
      onPointerDown={idle.wake}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: captions are the sidecar <track>s below, added once the answer names them */}
      <video
        ref={setVideo}
        className="player__video"
        poster={stillPoster}
        playsInline
        preload="auto"
        onClick={playback.togglePlay}
        onDoubleClick={screen.toggleFullscreen}
      >
        {answer?.subtitles.map((s) => (
          <track key={s.lang} kind="subtitles" srcLang={s.lang} label={s.label} src={s.src} />
        ))}
      </video>
      {/* Drawn above the control bar (below it the bar would cover them); said by the live region. */}
      {cue && (
        <p className="player__subtitles" aria-hidden="true">
          {cue}
        </p>
      )}
      <div className="visually-hidden" aria-live="polite">
        {cue}
      </div>
      {/* Mounted from the start, so a screen reader hears the line when it is put in. */}
      <p className="visually-hidden" role="status">
        {phase === 'preparing' ? state.preparing : ''}
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

      {(phase === 'loading' || (state.waiting && !paused)) && (
        <output className="player__spinner" aria-label={t.loading} />
      )}
      {phase === 'preparing' && (
        <div className="player__message" aria-hidden="true">
          <p>{state.preparing}</p>
        </div>
      )}

      {ready && (
        <Overlays
          state={state}
          dispatch={dispatch}
          video={video}
          playback={playback}
          markers={markers}
          end={end}
          goNext={goNext}
        />
      )}

      {ready && (
        <Controls
          state={state}
          dispatch={dispatch}
          video={video}
          playback={playback}
          timeline={timeline}
          wordsAt={(time) => positionAt(time).valueText}
          hidden={hidden}
          thumbnails={thumbs}
          sections={sections}
          screen={screen}
          onFocusIn={idle.setFocusIn}
        />
      )}

      {(phase === 'failed' || phase === 'unsupported' || phase === 'stopped') && (
        <div className="player__message" role="alert">
          <p>{phase === 'failed' ? t.failed : phase === 'stopped' ? t.stopped : t.unsupported}</p>
          {phase !== 'unsupported' && (
            <button
              type="button"
              className="button"
              onClick={() =>
                dispatch({
                  type: 'retry',
                  resumeAt: video && phase === 'failed' ? video.currentTime || null : undefined,
                })
              }
            >
              {phase === 'stopped' ? t.resume : t.retry}
            </button>
          )}
        </div>
      )}
      {phase === 'forbidden' && !state.pinAsked && (
        <ForbiddenDialog
          reason={state.refusal.reason}
          message={state.refusal.message}
          onClose={onClose}
          onEnterPin={openPin}
        />
      )}
      {phase === 'streams' && (
        <StreamsDialog
          streams={state.streams}
          busy={state.busy}
          onStop={(id) => void stopOther(id)}
          onClose={onClose}
        />
      )}
      {state.help && <HelpDialog onClose={() => dispatch({ type: 'help', open: false })} />}
    </section>
  );
}
