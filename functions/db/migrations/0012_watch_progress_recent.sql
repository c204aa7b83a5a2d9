-- 0012 watch_progress by time: the signed-in home page's "now watching" shelf counts the profiles
-- that watched each title in the last day. The 0011 index leads with profile_id, so that range on
-- updated_at alone scanned every progress row; this index reads only the last day's rows.
CREATE INDEX watch_progress_updated_at ON watch_progress (updated_at);
