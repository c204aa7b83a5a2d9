-- 0011 watching (docs/product.md, «Who may see what» and «What we keep»): what may play without a
-- purchase, what each account has bought, and each profile's progress, favourites, votes and
-- player choices. Times are unix seconds.

-- Free to everyone: some episodes (a series' first episode, so a guest can try it) and some
-- channels (the public channels, as on Russian services). Trailers are always free.
ALTER TABLE episodes ADD COLUMN free INTEGER NOT NULL DEFAULT 0 CHECK (free IN (0, 1));
ALTER TABLE tv_channels ADD COLUMN free INTEGER NOT NULL DEFAULT 0 CHECK (free IN (0, 1));

-- What an account may play: a subscription to an SVOD product (every title linked to it), a rental
-- (TVOD) or a purchase (EST) of one title. Stored now; payments grant them later.
CREATE TABLE entitlements (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id),
  kind TEXT NOT NULL CHECK (kind IN ('subscription', 'rental', 'purchase')),
  -- The title of a rental or purchase; NULL for a subscription.
  title_id INTEGER REFERENCES titles(id) ON DELETE CASCADE,
  granted_at INTEGER NOT NULL,
  -- A rental must be started before starts_by; once started (started_at) it runs for its window.
  starts_by INTEGER,
  started_at INTEGER,
  -- The end of a subscription's paid period or of a started rental; NULL for a purchase (forever).
  expires_at INTEGER,
  -- Where it came from: seed, payment, gift, promo.
  source TEXT NOT NULL DEFAULT 'seed',
  CHECK ((kind = 'subscription') = (title_id IS NULL)),
  CHECK (kind <> 'purchase' OR expires_at IS NULL)
);
CREATE INDEX entitlements_account ON entitlements (account_id, kind, expires_at);
CREATE INDEX entitlements_title ON entitlements (account_id, title_id);

-- Progress and viewing history, one row per profile and watched thing: an episode of a series
-- (episode_id), or a film, kids film or trailer played whole (episode_id 0). `id` is the history
-- item's uuid. `updated_at` is the history date; `cw_hidden` takes a row off "continue watching"
-- without forgetting it (watching again puts it back).
CREATE TABLE watch_progress (
  id TEXT PRIMARY KEY,
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  episode_id INTEGER NOT NULL DEFAULT 0,
  position REAL NOT NULL CHECK (position >= 0),
  duration REAL NOT NULL CHECK (duration > 0),
  completed INTEGER NOT NULL DEFAULT 0 CHECK (completed IN (0, 1)),
  cw_hidden INTEGER NOT NULL DEFAULT 0 CHECK (cw_hidden IN (0, 1)),
  updated_at INTEGER NOT NULL,
  UNIQUE (profile_id, title_id, episode_id)
);
CREATE INDEX watch_progress_recent ON watch_progress (profile_id, updated_at DESC);

CREATE TABLE favourites (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, title_id)
) WITHOUT ROWID;
CREATE INDEX favourites_recent ON favourites (profile_id, added_at DESC);

-- A profile's like (1) or dislike (-1) of a title; no row means no vote.
CREATE TABLE votes (
  profile_id INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  value INTEGER NOT NULL CHECK (value IN (-1, 1)),
  voted_at INTEGER NOT NULL,
  PRIMARY KEY (profile_id, title_id)
) WITHOUT ROWID;

-- The player's remembered choices per profile: audio language and subtitles ('off' or a language).
CREATE TABLE playback_preferences (
  profile_id INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
  audio TEXT NOT NULL DEFAULT 'ru' CHECK (length(audio) BETWEEN 2 AND 8),
  subtitles TEXT NOT NULL DEFAULT 'off' CHECK (length(subtitles) BETWEEN 2 AND 8),
  updated_at INTEGER NOT NULL
);
