export {
  channelScheduleQueries,
  channelsQuery,
  onAirQuery,
  programmesQuery,
  toChannelSchedule,
  toNowNext,
  toSchedules,
} from './repo.ts';
export { channelGuide, channelList } from './service.ts';
