import { describe, expect, it } from 'vitest';
import { menuSections, speedLabel } from './menus.ts';
import type { WatchAnswer } from './watch-api.ts';

const noop = () => {};
const choose = { quality: noop, audio: noop, subtitles: noop, speed: noop };
const tracks = {
  levels: [
    { index: 2, height: 720 },
    { index: 1, height: 480 },
    { index: 0, height: 240 },
  ],
  level: -1,
  playingHeight: 0,
  audioOptions: [
    { index: 0, lang: 'ru', name: 'Russian' },
    { index: 1, lang: 'en', name: 'English' },
  ],
};
const answer = {
  live: false,
  subtitles: [{ lang: 'en', label: 'English', src: '/en.vtt' }],
} as WatchAnswer;
const playing = { prefs: { audio: 'ru', subtitles: 'off' }, answer };
const section = (
  name: string,
  o: Partial<typeof tracks> & { audio?: string; subtitles?: string; rate?: number } = {},
) =>
  menuSections(
    { ...tracks, ...o },
    { answer, prefs: { audio: o.audio ?? 'ru', subtitles: o.subtitles ?? 'off' } },
    o.rate ?? 1,
    choose,
  ).find((s) => s.name === name);

describe('the control bar menus', () => {
  it('offer quality, audio, subtitles and speed, in that order', () => {
    expect(menuSections(tracks, playing, 1, choose).map((s) => s.name)).toEqual([
      'quality',
      'audio',
      'subtitles',
      'speed',
    ]);
  });

  it('leave out a choice of one, and the speed on live', () => {
    const sections = menuSections(
      {
        ...tracks,
        levels: [{ index: 0, height: 720 }],
        audioOptions: [{ index: 0, lang: 'ru', name: 'Russian' }],
      },
      { ...playing, answer: { ...answer, live: true, subtitles: [] } },
      1,
      choose,
    );
    expect(sections).toEqual([]);
  });

  it('show automatic quality with the height playing now, a chosen one by its height', () => {
    expect(section('quality', { playingHeight: 480 })?.options[0]?.label).toBe('Авто (480p)');
    expect(section('quality', { playingHeight: 480 })?.badge).toBe('Авто');
    expect(section('quality', { level: 1 })?.badge).toBe('480p');
    expect(section('quality', { level: 1, playingHeight: 480 })?.options[0]?.label).toBe('Авто');
    expect(section('quality')?.options.map((o) => o.value)).toEqual(['-1', '2', '1', '0']);
  });

  it('name audio and subtitles in Russian where known, and badge what is on', () => {
    expect(section('audio')?.options.map((o) => o.label)).toEqual(['Русский', 'English']);
    expect(section('audio', { audio: 'en' })?.badge).toBe('EN');
    expect(section('subtitles')?.badge).toBeUndefined();
    expect(section('subtitles', { subtitles: 'en' })?.badge).toBe('EN');
    expect(section('subtitles')?.options.map((o) => o.value)).toEqual(['off', 'en']);
  });

  it('write speeds with a decimal comma, the normal one in words', () => {
    expect([0.75, 1, 1.5].map(speedLabel)).toEqual(['0,75×', 'Обычная', '1,5×']);
    expect(section('speed', { rate: 1.25 })?.value).toBe('1.25');
  });
});
