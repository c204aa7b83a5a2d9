-- 0004 outbox: every e-mail and SMS sent while MAIL_PROVIDER / SMS_PROVIDER is "outbox"
-- (messages without a real SMS or mail gateway). Read at /dev/outbox and /dev/api/outbox/.
-- created_at is in milliseconds, so a code sent twice in a second still sorts newest first;
-- rowid breaks the remaining ties. An idempotency key, when the sender gives one, makes a retried
-- send return the first message instead of storing a second (UNIQUE allows many NULLs).

CREATE TABLE outbox_messages (
  id TEXT PRIMARY KEY NOT NULL,
  channel TEXT NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient TEXT NOT NULL,
  subject TEXT,
  body_text TEXT NOT NULL,
  body_html TEXT,
  purpose TEXT NOT NULL,
  idempotency_key TEXT UNIQUE,
  created_at INTEGER NOT NULL DEFAULT (CAST(unixepoch('subsec') * 1000 AS INTEGER))
);

CREATE INDEX outbox_messages_recipient_created ON outbox_messages (recipient, created_at);
CREATE INDEX outbox_messages_created ON outbox_messages (created_at);
