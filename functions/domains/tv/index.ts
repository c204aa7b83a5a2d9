export {
  GUIDE_DAY_STARTS_AT,
  guideDay,
  guideDayStart,
  guideDays,
  guideWindow,
} from './day.ts';
export type { Programme } from './repo.ts';
export {
  channelScheduleQueries,
  channelsQuery,
  programmesQuery,
  toChannelSchedule,
  toSchedules,
} from './repo.ts';
export type { ProgrammeDto } from './schemas.ts';
export * as tvSchemas from './schemas.ts';
export { channelGuide, channelList } from './service.ts';
