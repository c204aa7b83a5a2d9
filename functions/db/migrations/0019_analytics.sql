-- 0019 Analytics (docs/product.md, «What we measure»): the stat collector's events, the staff who
-- may read the reports, and the local customer-marketing recorder.

-- One row per event, written by one INSERT. Ids only: no e-mail, phone, IP or token. The query
-- and referer arrive already cut down (functions/domains/analytics/event.ts); the user agent is
-- cut to 500 characters. A doubled send of one event (the same action and view id) is kept once.
CREATE TABLE stat_events (
  id INTEGER PRIMARY KEY,
  received_at INTEGER NOT NULL,
  -- The Moscow calendar day of received_at (YYYY-MM-DD): the reports group and range by it.
  day TEXT NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('view', 'page_view')),
  view_id TEXT NOT NULL,
  page_type TEXT NOT NULL,
  account_id TEXT NOT NULL DEFAULT '',
  profile_id TEXT NOT NULL DEFAULT '',
  billing_id TEXT NOT NULL DEFAULT '',
  is_kid INTEGER NOT NULL DEFAULT 0 CHECK (is_kid IN (0, 1)),
  platform TEXT NOT NULL DEFAULT '',
  device TEXT NOT NULL DEFAULT '{}',
  url_host TEXT NOT NULL DEFAULT '',
  url_path TEXT NOT NULL DEFAULT '',
  url_query TEXT NOT NULL DEFAULT '',
  utm_source TEXT NOT NULL DEFAULT '',
  utm_medium TEXT NOT NULL DEFAULT '',
  utm_campaign TEXT NOT NULL DEFAULT '',
  utm_content TEXT NOT NULL DEFAULT '',
  referer TEXT NOT NULL DEFAULT '',
  content_id INTEGER,
  episode_id INTEGER,
  meta TEXT NOT NULL DEFAULT '{}',
  user_agent TEXT NOT NULL DEFAULT '' CHECK (length(user_agent) <= 500),
  UNIQUE (action, view_id)
);
CREATE INDEX stat_events_day ON stat_events (day, action);

-- Staff may open the reports (functions/access/staff.ts). A row per account: granted by hand
-- (`INSERT INTO staff …`), never by the site.
CREATE TABLE staff (
  account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  granted_at INTEGER NOT NULL
);

-- The local customer-marketing tool (MARKETING_PROVIDER=local): each call it received. The key
-- makes a call that must happen once (the site opened, per session and day) land once.
CREATE TABLE marketing_calls (
  id INTEGER PRIMARY KEY,
  operation TEXT NOT NULL CHECK (operation IN ('authenticated', 'opened_site')),
  account_id TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  customer TEXT NOT NULL,
  once_key TEXT UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX marketing_calls_account ON marketing_calls (account_id, id);
