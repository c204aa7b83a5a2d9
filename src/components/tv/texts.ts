import { GUIDE_DAY_STARTS_AT } from '../../../functions/domains/tv/index.ts';
import { elapsedText } from './on-air.ts';

const hour = String(GUIDE_DAY_STARTS_AT).padStart(2, '0');

/** Russian texts of the TV guide pages. */
export const tvPageTexts = {
  days: 'Дни',
  today: 'Сегодня',
  onAir: 'Сейчас',
  /** Said under every day's heading: which clock, and when the day begins. */
  dayNote: `Время московское, день с\u00a0${hour}:00 до\u00a0${hour}:00`,
  dayHeading: (date: string) => `Программа на\u00a0${date}`,
  programmeOf: (channel: string) => `Программа канала ${channel}`,
  watch: 'Смотреть',
  watchChannel: (channel: string) => `Смотреть ${channel}`,
  noProgramme: 'На этот день программы нет.',
  /** Under today's card on /tv, which shows what is on now and the next few: the channel's page. */
  wholeDay: 'Вся программа',
  wholeDayOf: (channel: string) => `Вся программа канала ${channel}`,
  offAir: 'Перерыв в\u00a0вещании',
  /** The progress bar of the programme on air (on-air.ts: guide-client.ts says it too). */
  elapsed: elapsedText,
} as const;
