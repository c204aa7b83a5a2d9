-- 0001 init: feature flags, CMS tech pages and SEO texts. Migrations are the schema's one
-- source of truth.

CREATE TABLE feature_flags (
  name TEXT PRIMARY KEY NOT NULL,
  enabled INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
  description TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE tech_pages (
  slug TEXT PRIMARY KEY NOT NULL,
  title TEXT NOT NULL,
  lead TEXT NOT NULL DEFAULT '',
  sections TEXT NOT NULL CHECK (json_valid(sections)),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);

CREATE TABLE seo_texts (
  path TEXT PRIMARY KEY NOT NULL,
  title TEXT,
  description TEXT,
  noindex INTEGER NOT NULL DEFAULT 0 CHECK (noindex IN (0, 1)),
  json_ld TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(json_ld) AND json_array_length(json_ld) <= 3),
  updated_at INTEGER NOT NULL DEFAULT (unixepoch())
);
