/**
 * The choices of the control bar: quality, audio, subtitles and speed, each offered only when
 * there is something to choose.
 */
import type { AudioOption, Quality } from './engine.ts';
import type { MenuSection } from './MenuButton.tsx';
import type { MenuName, PlayerState } from './player-state.ts';
import { playerTexts as t } from './texts.ts';

const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** A menu of the bar: its section, the icon it shows and what is chosen now beside it. */
export type BarSection = MenuSection & { name: Exclude<MenuName, 'settings'>; badge?: string };

/**
 * A playback rate as the speed menu names it.
 * @example speedLabel(1.25) // '1,25×'
 */
export const speedLabel = (s: number) =>
  s === 1 ? t.normalSpeed : `${String(s).replace('.', ',')}×`;

/** The renditions and audio tracks of what plays, and the rendition chosen (-1: automatic). */
export interface Tracks {
  /** From the highest. */
  levels: Quality[];
  level: number;
  /** The height playing now, whoever chose it. */
  playingHeight: number;
  audioOptions: AudioOption[];
}

/**
 * The bar's menus for what plays: the tracks, the viewer's choices and the answer's subtitles;
 * live has no speed.
 * @example menuSections(noTracks, { prefs, answer: liveAnswer }, 1, choose) // []
 */
export function menuSections(
  { levels, level, playingHeight, audioOptions }: Tracks,
  { prefs, answer }: Pick<PlayerState, 'prefs' | 'answer'>,
  rate: number,
  choose: Record<BarSection['name'], (value: string) => void>,
): BarSection[] {
  const subtitles = answer?.subtitles ?? [];
  const sections: BarSection[] = [];
  if (levels.length > 1)
    sections.push({
      name: 'quality',
      label: t.settings.quality,
      badge: level === -1 ? t.auto : `${levels.find((l) => l.index === level)?.height ?? ''}p`,
      options: [
        {
          value: '-1',
          label: playingHeight && level === -1 ? `${t.auto} (${playingHeight}p)` : t.auto,
        },
        ...levels.map((l) => ({ value: String(l.index), label: `${l.height}p` })),
      ],
      value: String(level),
      onChange: choose.quality,
    });
  if (audioOptions.length > 1)
    sections.push({
      name: 'audio',
      label: t.settings.audio,
      badge: prefs.audio.toUpperCase(),
      options: audioOptions.map((a) => ({ value: a.lang, label: t.audioLabels[a.lang] ?? a.name })),
      value: prefs.audio,
      onChange: choose.audio,
    });
  if (subtitles.length > 0)
    sections.push({
      name: 'subtitles',
      label: t.settings.subtitles,
      badge: prefs.subtitles === 'off' ? undefined : prefs.subtitles.toUpperCase(),
      options: [
        { value: 'off', label: t.subtitlesOff },
        ...subtitles.map((s) => ({ value: s.lang, label: t.subtitleLabels[s.lang] ?? s.label })),
      ],
      value: prefs.subtitles,
      onChange: choose.subtitles,
    });
  if (!answer?.live)
    sections.push({
      name: 'speed',
      label: t.settings.speed,
      options: SPEEDS.map((s) => ({ value: String(s), label: speedLabel(s) })),
      value: String(rate),
      onChange: choose.speed,
    });
  return sections;
}
