/**
 * Asking the watch API what to play, for each target and each attempt at it, and turning its
 * answer into the player's phase; the page's PIN popup asks again once the PIN is entered.
 */
import { type Dispatch, useCallback, useEffect } from 'react';
import { type ApiResult, errorReason, isOk } from '../../../lib/api-client.ts';
import type { PlayerAction, PlayerState } from '../player-state.ts';
import { startingPreferences } from '../preferences.ts';
import { hasPinPopup } from '../Refusals.tsx';
import { playerTexts as t } from '../texts.ts';
import {
  fetchWatch,
  type StreamInfo,
  stopStream,
  type WatchAnswer,
  type WatchTarget,
} from '../watch-api.ts';

/**
 * The page's PIN state (src/stores/parental.ts), fetched only where the page has the PIN popup (a
 * signed-in adult's page, whose popup has loaded it already): a guest's player never needs it.
 */
const parental = () => import('../../../stores/parental.ts').then((m) => m.$parental);
const showPinPopup = () => void parental().then((p) => p.setKey('visible', true));

/** How often to ask again for a clip the server is still making (its first `npm start`). */
const PREPARING_POLL_MS = 5000;

interface Watch {
  /** The target the player opened with, and the answer the page asked for it on «Смотреть». */
  initialTarget: WatchTarget;
  firstAnswer?: Promise<ApiResult<WatchAnswer>>;
}

/** Asks for the answer of `state.target` on every attempt; returns what stops another stream. */
export function useWatch(
  { target, attempt }: PlayerState,
  dispatch: Dispatch<PlayerAction>,
  { initialTarget, firstAnswer }: Watch,
) {
  /** One watch answer: play it, or show why not. */
  const handle = useCallback(
    (r: ApiResult<WatchAnswer>) => {
      const reason = errorReason(r) ?? '';
      if (r.status === 200 && r.data) {
        const data = r.data;
        dispatch({
          type: 'answered',
          answer: data,
          prefs: startingPreferences(data.preferences, !data.stream),
        });
      } else if (r.status === 403) {
        // Play was pressed to watch: the page's PIN popup comes straight up, the refusal behind it.
        const askPin = reason === 'pin_required' && hasPinPopup();
        if (askPin) showPinPopup();
        dispatch({ type: 'refused', reason, message: r.error?.message ?? '', askPin });
      } else if (r.status === 409 && reason === 'too_many_streams') {
        const details = (r.error as { details?: { streams?: StreamInfo[] } }).details;
        dispatch({ type: 'tooManyStreams', streams: details?.streams ?? [] });
      } else dispatch({ type: 'failed' });
    },
    [dispatch],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a retry is a new attempt at the same target
  useEffect(() => {
    let current = true;
    dispatch({ type: 'asked' });
    const pressed = attempt === 0 && target === initialTarget ? firstAnswer : undefined;
    let later: ReturnType<typeof setTimeout> | undefined;
    // A clip still being made (media_pending) is asked for again until it is there, and then
    // plays by itself: the viewer already pressed play.
    const ask = (answer: Promise<ApiResult<WatchAnswer>>) =>
      void answer.then((r) => {
        if (!current) return;
        if (r.status === 503 && errorReason(r) === 'media_pending') {
          dispatch({ type: 'preparing', message: r.error?.message || t.loading });
          later = setTimeout(() => ask(fetchWatch(target)), PREPARING_POLL_MS);
        } else handle(r);
      });
    ask(pressed ?? fetchWatch(target));
    return () => {
      current = false;
      clearTimeout(later);
    };
  }, [target, attempt, handle]);

  /** «Остановить» in the streams dialog: stops that stream, then asks for this one again. */
  return async (id: StreamInfo['id']) => {
    dispatch({ type: 'busy', busy: true });
    const stopped = await stopStream(id);
    if (isOk(stopped)) handle(await fetchWatch(target));
    dispatch({ type: 'busy', busy: false });
  };
}

/**
 * The page's PIN popup: entering the PIN asks again; closing it shows the refusal again. Returns
 * what «Ввести PIN-код» of the refusal does.
 */
export function usePinPopup(dispatch: Dispatch<PlayerAction>) {
  useEffect(() => {
    if (!hasPinPopup()) return;
    let live = true;
    let stop: (() => void) | undefined;
    void parental().then((p) => {
      if (!live) return;
      stop = p.listen((s, _old, key) => {
        if (key === 'entered' && s.entered) dispatch({ type: 'retry' });
        if (key === 'visible' && !s.visible) dispatch({ type: 'pinAsked', asked: false });
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [dispatch]);
  return () => {
    dispatch({ type: 'pinAsked', asked: true });
    showPinPopup();
  };
}
