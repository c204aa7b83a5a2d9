export {
  channelSchedule,
  channelScheduleQueries,
  channelsQuery,
  channelsWithNowNext,
  onAirQuery,
  programmesQuery,
  toChannelSchedule,
  toNowNext,
  toSchedules,
} from './repo.ts';
