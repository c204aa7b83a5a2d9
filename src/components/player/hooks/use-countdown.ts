/**
 * The next episode: a countdown from the credits' start (player-state.ts counts it), the next
 * episode when it runs out or the media ends, unless the viewer cancelled it.
 */
import { type Dispatch, useCallback, useEffect } from 'react';
import {
  creditsCountdown,
  nextTarget,
  type PlayerAction,
  type PlayerState,
} from '../player-state.ts';

export function useCountdown(
  video: HTMLVideoElement | null,
  { answer, countdown, countdownCancelled }: PlayerState,
  dispatch: Dispatch<PlayerAction>,
  inCredits: boolean,
) {
  /** Plays the next episode, its address in the bar (a reload plays it again). */
  const goNext = useCallback(() => {
    const target = nextTarget(answer);
    if (!target || !answer?.next) return;
    history.replaceState(history.state, '', answer.next.url);
    dispatch({ type: 'next', target });
  }, [answer, dispatch]);
  const hasNext = !!answer?.next;

  useEffect(() => {
    const changed =
      creditsCountdown({ countdown, countdownCancelled }, inCredits, hasNext) !== countdown;
    if (changed) dispatch({ type: 'credits', inCredits, hasNext });
  }, [inCredits, hasNext, countdownCancelled, countdown, dispatch]);
  useEffect(() => {
    if (countdown === null) return;
    if (countdown <= 0) {
      goNext();
      return;
    }
    const timer = setTimeout(() => dispatch({ type: 'tick' }), 1000);
    return () => clearTimeout(timer);
  }, [countdown, goNext, dispatch]);
  useEffect(() => {
    if (!video) return;
    const onEnded = () => {
      if (hasNext && !countdownCancelled) goNext();
    };
    video.addEventListener('ended', onEnded);
    return () => video.removeEventListener('ended', onEnded);
  }, [video, hasNext, countdownCancelled, goNext]);
  return goNext;
}
