import { pluralForm } from '../../../functions/shared/ru.ts';
import { playerTexts as t } from './texts.ts';

/**
 * A duration in Russian words, for screen readers: zero parts are left out, the seconds too once
 * it is an hour or more.
 * @example spokenDuration(725) // '12 минут 5 секунд'
 * @example spokenDuration(3660) // '1 час 1 минута'
 */
export function spokenDuration(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const parts: string[] = [];
  if (h) parts.push(`${h} ${pluralForm(h, t.hours)}`);
  if (m) parts.push(`${m} ${pluralForm(m, t.minutes)}`);
  if (!h && (sec || parts.length === 0)) parts.push(`${sec} ${pluralForm(sec, t.seconds)}`);
  return parts.join(' ');
}

/**
 * The timeline's aria-valuetext.
 * @example timelineText(725, 2880) // '12 минут 5 секунд из 48 минут'
 */
export const timelineText = (position: number, duration: number): string =>
  `${spokenDuration(position)} ${t.of} ${spokenDuration(duration)}`;

/**
 * The clock of a player: m:ss, or h:mm:ss from an hour.
 * @example clock(725) // '12:05'
 */
export function clock(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}
