/**
 * What comes up over the picture while it is ready to play: the big play button before the
 * first frame, «Смотреть со звуком» after a muted start, skip intro or credits, and the next
 * episode's countdown.
 */
import type { Dispatch } from 'react';
import type { Playback } from './hooks/use-playback.ts';
import { Icon } from './icons.tsx';
import type { markerState, PlayerAction, PlayerState } from './player-state.ts';
import { playerTexts as t } from './texts.ts';

interface Props {
  state: PlayerState;
  dispatch: Dispatch<PlayerAction>;
  video: HTMLVideoElement | null;
  playback: Playback;
  markers: ReturnType<typeof markerState>;
  /** The end of the seekable range, where «Пропустить титры» goes without a next episode. */
  end: number;
  goNext(): void;
}

export function Overlays({ state, dispatch, video, playback, markers, end, goNext }: Props) {
  const next = state.answer?.next;
  return (
    <>
      {(!video || video.paused) && !state.started && (
        <button
          type="button"
          className="player__big-play"
          aria-label={t.play}
          onClick={playback.togglePlay}
        >
          <Icon name="play" />
        </button>
      )}

      {state.autoMuted && video?.muted && (
        <button
          type="button"
          className="player__unmute button"
          onClick={() => {
            video.muted = false;
            dispatch({ type: 'autoMuted', muted: false });
          }}
        >
          <Icon name="volume" /> {t.withSound}
        </button>
      )}

      {markers.inIntro && (
        <button
          type="button"
          className="player__skip button"
          onClick={() => markers.intro && playback.seekTo(markers.intro.end)}
        >
          {t.skipIntro}
        </button>
      )}
      {markers.inCredits && !next && (
        <button type="button" className="player__skip button" onClick={() => playback.seekTo(end)}>
          {t.skipCredits}
        </button>
      )}
      {state.countdown !== null && next && (
        <section className="player__next" aria-label={t.nextEpisode}>
          <p>
            {t.nextEpisodeIn(state.countdown)}{' '}
            <span className="player__next-name">{next.name}</span>
          </p>
          <button type="button" className="button" onClick={goNext}>
            {t.skipCredits}
          </button>
          <button
            type="button"
            className="player__text-button"
            onClick={() => dispatch({ type: 'cancelCountdown' })}
          >
            {t.cancel}
          </button>
        </section>
      )}
    </>
  );
}
