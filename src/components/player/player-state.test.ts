import { describe, expect, it } from 'vitest';
import {
  COUNTDOWN_S,
  initialPlayerState,
  markerState,
  nextTarget,
  type PlayerAction,
  type PlayerState,
  playerReducer,
  toggledSubtitles,
} from './player-state.ts';
import type { WatchAnswer } from './watch-api.ts';

const target = { kind: 'title', contentId: 7 } as const;
const answer: WatchAnswer = {
  content: { id: 7, type: 'series', name: 'Сериал', slug: 'serial', ageRating: '16+' },
  episode: { id: 11, season: 1, number: 2, name: 'Вторая' },
  live: false,
  manifest: '/media/7/master.m3u8',
  expiresAt: '2030-01-01T00:00:00Z',
  duration: 2880,
  position: 120,
  markers: { intro: { start: 10, end: 70 }, credits: 2800 },
  thumbnails: null,
  poster: null,
  subtitles: [
    { lang: 'en', label: 'English', src: '/en.vtt' },
    { lang: 'ru', label: 'Русские', src: '/ru.vtt' },
  ],
  next: { episodeId: 12, season: 1, number: 3, name: 'Третья', url: '/serial/?season=1&episode=3' },
  stream: { id: 'abc', heartbeatSeconds: 30 },
  preferences: { audio: 'ru', subtitles: 'off' },
};
const prefs = { audio: 'en', subtitles: 'ru' };

/** The state after `actions`, from a fresh player. */
const stateAfter = (...actions: PlayerAction[]): PlayerState =>
  actions.reduce(playerReducer, initialPlayerState(target));

describe('the player state', () => {
  it('plays an answer with the choices it starts with, from its position', () => {
    const s = stateAfter({ type: 'asked' }, { type: 'answered', answer, prefs });
    expect(s.phase).toBe('ready');
    expect(s.prefs).toEqual(prefs);
    expect(s.answer?.position).toBe(120);
  });

  it('resumes where playback failed once asked again, and only that once', () => {
    const failed = stateAfter(
      { type: 'answered', answer, prefs },
      { type: 'failed', resumeAt: 1500 },
      { type: 'retry' },
    );
    expect(failed.phase).toBe('failed');
    expect(failed.attempt).toBe(1);
    const resumed = playerReducer(failed, { type: 'answered', answer, prefs });
    expect(resumed.answer?.position).toBe(1500);
    expect(playerReducer(resumed, { type: 'answered', answer, prefs }).answer?.position).toBe(120);
  });

  it('keeps the first place a failure left when «Повторить» offers another', () => {
    const s = stateAfter({ type: 'failed', resumeAt: 900 }, { type: 'retry', resumeAt: 950 });
    expect(s.resumeAt).toBe(900);
    expect(stateAfter({ type: 'failed' }, { type: 'retry', resumeAt: 950 }).resumeAt).toBe(950);
  });

  it('drops the answer when another device stops the stream, and keeps where it stood', () => {
    const s = stateAfter({ type: 'answered', answer, prefs }, { type: 'stopped', resumeAt: 300 });
    expect(s).toMatchObject({ phase: 'stopped', answer: null, resumeAt: 300 });
  });

  it('starts each attempt afresh: no answer, no first frame, no countdown', () => {
    const playing = stateAfter(
      { type: 'answered', answer, prefs },
      { type: 'playing' },
      { type: 'credits', inCredits: true, hasNext: true },
      { type: 'cancelCountdown' },
    );
    const s = playerReducer(playing, { type: 'asked' });
    expect(s).toMatchObject({
      phase: 'loading',
      answer: null,
      started: false,
      countdown: null,
      countdownCancelled: false,
    });
  });

  it('shows a refusal behind the PIN popup when the popup is asked for, and keeps it asked', () => {
    const pin = stateAfter({
      type: 'refused',
      reason: 'pin_required',
      message: 'PIN',
      askPin: true,
    });
    expect(pin).toMatchObject({ phase: 'forbidden', pinAsked: true });
    expect(pin.refusal).toEqual({ reason: 'pin_required', message: 'PIN' });
    const again = playerReducer(pin, { type: 'refused', reason: 'x', message: '', askPin: false });
    expect(again.pinAsked).toBe(true);
    expect(playerReducer(again, { type: 'pinAsked', asked: false }).pinAsked).toBe(false);
  });

  it('lists the other streams when two already play', () => {
    const streams = [
      {
        id: 'b0a1c2d3-0000-4000-8000-000000000001',
        deviceName: 'ТВ',
        deviceType: 'tv',
        title: 'Фильм',
        startedAt: '2030-01-01T00:00:00Z',
        lastSeenAt: '2030-01-01T00:00:00Z',
      },
    ];
    expect(stateAfter({ type: 'tooManyStreams', streams })).toMatchObject({
      phase: 'streams',
      streams,
    });
  });

  it('stops waiting when the picture plays', () => {
    const s = stateAfter({ type: 'waiting' }, { type: 'playing' });
    expect(s).toMatchObject({ started: true, waiting: false });
  });

  it('returns the same state for an action that changes nothing, so React skips the render', () => {
    const s = stateAfter({ type: 'answered', answer, prefs });
    expect(playerReducer(s, { type: 'menu', menu: null })).toBe(s);
    expect(playerReducer(s, { type: 'credits', inCredits: false, hasNext: true })).toBe(s);
  });
});

describe('the next-episode countdown', () => {
  const inCredits = { type: 'credits', inCredits: true, hasNext: true } as const;

  it('starts as the credits of an episode with a next one begin, and counts down by the second', () => {
    const s = stateAfter(inCredits, { type: 'tick' }, { type: 'tick' });
    expect(s.countdown).toBe(COUNTDOWN_S - 2);
    // Still in the credits: it goes on counting, it does not start again.
    expect(playerReducer(s, inCredits).countdown).toBe(COUNTDOWN_S - 2);
  });

  it('does not start without a next episode', () => {
    expect(stateAfter({ type: 'credits', inCredits: true, hasNext: false }).countdown).toBeNull();
  });

  it('is dropped when playback seeks back out of the credits, and starts again on return', () => {
    const out = stateAfter(inCredits, { type: 'tick' }, { ...inCredits, inCredits: false });
    expect(out.countdown).toBeNull();
    expect(playerReducer(out, inCredits).countdown).toBe(COUNTDOWN_S);
  });

  it('stays off once cancelled, in the credits and out of them', () => {
    const s = stateAfter(inCredits, { type: 'cancelCountdown' });
    expect(s).toMatchObject({ countdown: null, countdownCancelled: true });
    expect(playerReducer(s, inCredits).countdown).toBeNull();
  });

  it('leads to the next episode of the same title', () => {
    expect(nextTarget(answer)).toEqual({ kind: 'episode', contentId: 7, episodeId: 12 });
    expect(nextTarget({ ...answer, next: null })).toBeNull();
    expect(nextTarget(null)).toBeNull();
  });
});

describe('the markers', () => {
  it('offer to skip the intro after the first frame, until half a second before its end', () => {
    expect(markerState(answer, false, 30).inIntro).toBe(false);
    expect(markerState(answer, true, 30).inIntro).toBe(true);
    expect(markerState(answer, true, 69.4).inIntro).toBe(true);
    expect(markerState(answer, true, 69.6).inIntro).toBe(false);
    expect(markerState(answer, true, 5).inIntro).toBe(false);
  });

  it('tell the credits from their start on', () => {
    expect(markerState(answer, true, 2799).inCredits).toBe(false);
    expect(markerState(answer, true, 2800).inCredits).toBe(true);
    expect(markerState({ ...answer, markers: null }, true, 2850).inCredits).toBe(false);
  });
});

describe('the subtitles key', () => {
  const off = { audio: 'ru', subtitles: 'off' };

  it('turns shown subtitles off', () => {
    const s = stateAfter({ type: 'answered', answer, prefs: { audio: 'ru', subtitles: 'en' } });
    expect(toggledSubtitles(s)).toBe('off');
  });

  it('turns back on the subtitles last chosen, else the first the answer has', () => {
    const fresh = stateAfter({ type: 'answered', answer, prefs: off });
    expect(toggledSubtitles(fresh)).toBe('en');
    const chosen = playerReducer(fresh, {
      type: 'chose',
      prefs: { audio: 'ru', subtitles: 'ru' },
      lastSubtitles: 'ru',
    });
    const turnedOff = playerReducer(chosen, { type: 'chose', prefs: off });
    expect(toggledSubtitles(turnedOff)).toBe('ru');
  });

  it('has nothing to turn on without subtitles', () => {
    const s = stateAfter({ type: 'answered', answer: { ...answer, subtitles: [] }, prefs: off });
    expect(toggledSubtitles(s)).toBe('off');
  });

  it('does not count subtitles the server started with as chosen', () => {
    const started = stateAfter({
      type: 'answered',
      answer,
      prefs: { audio: 'ru', subtitles: 'ru' },
    });
    const audio = playerReducer(started, {
      type: 'chose',
      prefs: { audio: 'en', subtitles: 'ru' },
    });
    expect(audio.lastSubtitles).toBe('');
  });
});
