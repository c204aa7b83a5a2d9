/**
 * Playback of one watch answer: the engine (hls.js or native HLS) lives as long as the answer,
 * its qualities and audio tracks, the media's own events (a repaint when what is drawn changes,
 * the first frame, waiting), and what the controls do to the media.
 */
import { type Dispatch, useEffect, useReducer, useRef, useState } from 'react';
import { type AudioOption, attach, type Engine, hlsSupport, type Quality } from '../engine.ts';
import type { PlayerAction } from '../player-state.ts';
import { playRange, seekTarget } from '../position.ts';
import { measuredBandwidth } from '../start-level.ts';
import type { WatchAnswer } from '../watch-api.ts';

/** The media events that change what the controls show. */
const REPAINT_ON = ['durationchange', 'volumechange', 'ratechange', 'seeked', 'pause', 'play'];
/**
 * The media events of playing on (about four a second, and as the buffer grows): they repaint
 * only when what the player draws from the time changed (`redrawWhen`); the timeline's bar
 * follows them itself (docs/decisions.md, «The player renders when what it shows changes»).
 */
const TICK_ON = ['timeupdate', 'progress'];

interface Options {
  /** The audio language to start with (the viewer's choice). */
  audio: string;
  /** The server refused a playlist (engine.ts, onRefused). */
  onRefused(): void;
}

export function usePlayback(
  video: HTMLVideoElement | null,
  answer: WatchAnswer | null,
  dispatch: Dispatch<PlayerAction>,
  { audio, onRefused }: Options,
) {
  const engine = useRef<Engine | null>(null);
  const [, repaint] = useReducer((n: number) => n + 1, 0);
  // What the last render drew from the media's time, and how to tell it now (redrawWhen).
  const drawn = useRef<{ key: string; now(): string }>({ key: '', now: () => '' });
  const [levels, setLevels] = useState<Quality[]>([]);
  const [audioOptions, setAudioOptions] = useState<AudioOption[]>([]);
  const [level, setLevel] = useState(-1);
  const [playingHeight, setPlayingHeight] = useState(0);
  // Read as the engine starts, not a reason to start it again.
  const audioRef = useRef(audio);
  audioRef.current = audio;
  const refusedRef = useRef(onRefused);
  refusedRef.current = onRefused;

  // The engine lives as long as the answer it plays.
  useEffect(() => {
    if (!video || !answer) return;
    if (!hlsSupport(video)) {
      dispatch({ type: 'unsupported' });
      return;
    }
    setLevels([]);
    setLevel(-1);
    const e = attach(
      video,
      {
        manifest: answer.manifest,
        startPosition: answer.position,
        audio: audioRef.current,
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
          const resumeAt = video.currentTime || null;
          video.pause();
          dispatch({ type: 'failed', resumeAt });
        },
        onRefused: () => refusedRef.current(),
      },
    );
    engine.current = e;
    // A page opened to play (?play=1) has had no press: browsers refuse to start it with sound,
    // so it starts muted with «Смотреть со звуком» on top; failing that, the big play button stays.
    video.play().catch((error: unknown) => {
      if ((error as Error).name !== 'NotAllowedError') return;
      video.muted = true;
      dispatch({ type: 'autoMuted', muted: true });
      video.play().catch(() => {});
    });
    return () => {
      e.destroy();
      engine.current = null;
    };
  }, [video, answer, dispatch]);

  // Repaint on the media's own events; remember whether it has started and whether it waits.
  useEffect(() => {
    if (!video) return;
    const tick = () => {
      if (drawn.current.now() !== drawn.current.key) repaint();
    };
    for (const n of REPAINT_ON) video.addEventListener(n, repaint);
    for (const n of TICK_ON) video.addEventListener(n, tick);
    const onPlaying = () => dispatch({ type: 'playing' });
    const onWaiting = () => dispatch({ type: 'waiting' });
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    return () => {
      for (const n of REPAINT_ON) video.removeEventListener(n, repaint);
      for (const n of TICK_ON) video.removeEventListener(n, tick);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
    };
  }, [video, dispatch]);

  const range = () => playRange(video, answer?.duration ?? 0);
  const seekTo = (time: number) => {
    if (!video) return;
    video.currentTime = seekTarget(time, range());
    repaint();
  };
  const play = () => void video?.play().catch(() => {});
  return {
    engine,
    range,
    tracks: { levels, audioOptions, level, playingHeight },
    /**
     * Called as the player renders, with what it draws from the media's time as a string: the
     * time's own events repaint only once that string changes.
     */
    redrawWhen: (key: () => string) => {
      drawn.current = { key: key(), now: key };
    },
    seekTo,
    seekBy: (delta: number) => {
      if (video) seekTo(video.currentTime + delta);
    },
    togglePlay: () => {
      if (!video) return;
      if (video.paused || video.ended) play();
      else video.pause();
    },
    toggleMute: () => {
      if (video) video.muted = !video.muted;
    },
    changeVolume: (delta: number) => {
      if (!video) return;
      video.muted = false;
      video.volume = Math.min(1, Math.max(0, Math.round((video.volume + delta) * 10) / 10));
    },
    togglePip: () => {
      if (!video) return;
      if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => {});
      else void video.requestPictureInPicture().catch(() => {});
    },
    chooseLevel: (value: string) => {
      const index = Number(value);
      setLevel(index);
      engine.current?.setLevel(index);
    },
    goLive: () => {
      seekTo(engine.current?.liveEdge() ?? range().end);
      if (video?.paused) play();
    },
  };
}

/** What the controls can do to the media (usePlayback). */
export type Playback = ReturnType<typeof usePlayback>;
