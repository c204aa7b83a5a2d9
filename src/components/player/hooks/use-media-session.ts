/**
 * Media Session: the system's media controls and lock screen know what plays, and their buttons
 * play, pause and seek.
 */
import { useEffect, useRef } from 'react';
import { sessionMetadata, setAction } from '../media-session.ts';
import type { WatchAnswer } from '../watch-api.ts';

interface Seekers {
  seekTo(time: number): void;
  seekBy(delta: number): void;
}

/** The step of the system's seek buttons when they name none. */
const SEEK_OFFSET_S = 10;

export function useMediaSession(
  video: HTMLVideoElement | null,
  answer: WatchAnswer | null,
  poster: string | undefined,
  seek: Seekers,
) {
  // The latest seek functions, without setting the session up again on every render.
  const seekers = useRef(seek);
  seekers.current = seek;
  useEffect(() => {
    if (!answer || !video || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata(sessionMetadata(answer, poster, location.href));
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void video.play()],
      ['pause', () => video.pause()],
      ['seekbackward', (d) => seekers.current.seekBy(-(d.seekOffset ?? SEEK_OFFSET_S))],
      ['seekforward', (d) => seekers.current.seekBy(d.seekOffset ?? SEEK_OFFSET_S)],
      ['seekto', (d) => d.seekTime !== undefined && seekers.current.seekTo(d.seekTime)],
    ];
    for (const [action, run] of handlers) setAction(session, action, run);
    return () => {
      for (const [action] of handlers) setAction(session, action, null);
    };
  }, [answer, video, poster]);
}
