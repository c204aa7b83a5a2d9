-- Support requests from the support popup and /settings/support. Each is kept here
-- and a copy is mailed to the support desk through the message outbox.
CREATE TABLE support_requests (
  id INTEGER PRIMARY KEY,
  -- The signed-in account and profile, when there is one.
  account_id TEXT,
  user_id TEXT,
  email TEXT NOT NULL,
  subject TEXT NOT NULL CHECK (subject IN ('payment', 'playback', 'account', 'promo', 'other')),
  message TEXT NOT NULL CHECK (length(message) BETWEEN 10 AND 4000),
  page_url TEXT NOT NULL DEFAULT '',
  device_id TEXT NOT NULL,
  ip TEXT NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch())
);
-- The per-device and per-address limits look back one hour.
CREATE INDEX support_requests_device_time ON support_requests (device_id, created_at);
CREATE INDEX support_requests_ip_time ON support_requests (ip, created_at);
