-- 0020 The local error-report receiver (development only, README «Errors and logs»): every envelope
-- the Sentry SDKs send to a DSN on this site is kept here, so the real SDK's reports can be read at
-- /dev/sentry and checked by tests. Production sends to Sentry and never writes this table.
CREATE TABLE error_reports (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  project TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  -- The first item's type: event (an error or a message), transaction, session, client_report…
  kind TEXT NOT NULL,
  event_id TEXT,
  level TEXT,
  -- The exception's "Type: value" or the message: what a list shows.
  title TEXT,
  environment TEXT,
  -- 'javascript' from the browser SDK, 'javascript' with a server SDK name otherwise.
  sdk TEXT,
  -- The whole envelope as received (at most 256 KB), for the details.
  envelope TEXT NOT NULL
);

CREATE INDEX error_reports_recent ON error_reports (received_at DESC, id DESC);
