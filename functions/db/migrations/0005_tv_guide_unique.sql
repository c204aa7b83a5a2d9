-- The daily guide job may run twice: one programme per channel and start time, so a rerun
-- inserts nothing (INSERT OR IGNORE) instead of doubling the guide.
DROP INDEX IF EXISTS tv_programmes_channel_time;
CREATE UNIQUE INDEX tv_programmes_channel_start ON tv_programmes (channel_id, starts_at);
