/**
 * What plays beside the picture: the chosen subtitles (their cues also go to a live region) and
 * the seek previews' thumbnails.
 */
import { useEffect, useState } from 'react';
import { loadThumbnails, type Thumbnail } from '../thumbnails.ts';
import type { WatchAnswer } from '../watch-api.ts';

/**
 * Subtitles: the chosen sidecar track runs hidden (the browser draws none of its cues: it would put
 * them on the control bar), the others are off. Returns the text of the cues on now, which the
 * player draws above its bar and says in its live region.
 */
export function useSubtitles(
  video: HTMLVideoElement | null,
  answer: WatchAnswer | null,
  lang: string,
): string {
  const [cue, setCue] = useState('');
  useEffect(() => {
    if (!video || !answer) return;
    const tracks = [...video.textTracks].filter((tr) => tr.kind === 'subtitles');
    let shown: TextTrack | undefined;
    for (const tr of tracks) {
      const on = tr.language === lang;
      tr.mode = on ? 'hidden' : 'disabled';
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
  }, [video, answer, lang]);
  return cue;
}

/**
 * Seek previews once playback has started: before it, their requests would queue beside the
 * first segment's.
 */
export function useThumbnails(answer: WatchAnswer | null, started: boolean): Thumbnail[] {
  const [thumbs, setThumbs] = useState<Thumbnail[]>([]);
  useEffect(() => {
    setThumbs([]);
    if (answer?.thumbnails && started) void loadThumbnails(answer.thumbnails).then(setThumbs);
  }, [answer, started]);
  return thumbs;
}
