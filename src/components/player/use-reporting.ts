/**
 * What the player tells the server while it plays: progress every 10 s, on pause and as the page
 * goes away (a beacon); the stream's heartbeat; the view event once per view.
 */
import { useEffect } from 'react';
import { errorReason } from '../../lib/api-client.ts';
import { newViewId, sendViewEvent, viewEvent } from './view-event.ts';
import { beaconProgress, heartbeat, sendProgress, type WatchAnswer } from './watch-api.ts';

/** Contract: progress every 10 s while playing. */
export const PROGRESS_EVERY_MS = 10_000;

export function useReporting(
  video: HTMLVideoElement | null,
  answer: WatchAnswer | null,
  statUrl: string,
  onStopped: () => void,
) {
  // Progress: signed-in viewers of films and episodes (a guest has no profile; live has no position).
  useEffect(() => {
    if (!video || !answer || answer.live || !answer.stream) return;
    const progress = () => ({
      contentId: answer.content.id,
      episodeId: answer.episode?.id ?? 0,
      position: Math.floor(video.currentTime * 10) / 10,
      duration:
        Number.isFinite(video.duration) && video.duration > 0 ? video.duration : answer.duration,
    });
    let timer: ReturnType<typeof setInterval> | undefined;
    // Nothing to say before the first frame: a position of 0 would overwrite the resume point.
    let started = false;
    const onPlaying = () => {
      started = true;
      clearInterval(timer);
      timer = setInterval(() => void sendProgress(progress()), PROGRESS_EVERY_MS);
    };
    const onPause = () => {
      clearInterval(timer);
      if (started && !video.seeking) void sendProgress(progress());
    };
    const onLeave = () => {
      if (started) beaconProgress(progress());
    };
    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onPause);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearInterval(timer);
      onLeave();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onPause);
      window.removeEventListener('pagehide', onLeave);
    };
  }, [video, answer]);

  // Heartbeat while playing; another device stopping this stream stops the player.
  useEffect(() => {
    const stream = answer?.stream;
    if (!video || !stream) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const beat = async () => {
      const r = await heartbeat(stream.id);
      if (r.status === 409 && errorReason(r) === 'stream_stopped') onStopped();
    };
    const onPlaying = () => {
      clearInterval(timer);
      timer = setInterval(() => void beat(), Math.max(5, stream.heartbeatSeconds) * 1000);
    };
    const onPause = () => clearInterval(timer);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onPause);
    if (!video.paused) onPlaying();
    return () => {
      clearInterval(timer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onPause);
    };
  }, [video, answer, onStopped]);

  // The view event on the first frame of each view (a new answer is a new view).
  useEffect(() => {
    if (!video || !answer) return;
    const viewId = newViewId();
    const onPlaying = () =>
      sendViewEvent(
        statUrl,
        viewEvent(viewId, {
          contentId: answer.content.id,
          episodeId: answer.episode?.id ?? 0,
          contentType: answer.content.type,
          live: answer.live,
          channel: answer.channel?.slug,
          position: Math.floor(video.currentTime),
        }),
      );
    video.addEventListener('playing', onPlaying, { once: true });
    return () => video.removeEventListener('playing', onPlaying);
  }, [video, answer, statUrl]);
}
