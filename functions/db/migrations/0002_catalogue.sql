-- 0002 catalogue: the content model (titles, seasons, episodes, people, taxonomy,
-- products, showcases and shelves, collections, page banners, TV channels and programmes,
-- universal assets) and a full-text index for search.

CREATE TABLE genres (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE countries (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL UNIQUE CHECK (length(code) = 2),
  name TEXT NOT NULL
);

CREATE TABLE studios (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL
);

CREATE TABLE people (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  original_name TEXT NOT NULL DEFAULT ''
);

CREATE TABLE titles (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  type TEXT NOT NULL CHECK (type IN ('movie', 'series', 'kids', 'trailer')),
  name TEXT NOT NULL,
  original_name TEXT NOT NULL DEFAULT '',
  description TEXT NOT NULL DEFAULT '',
  year INTEGER NOT NULL CHECK (year BETWEEN 1900 AND 2100),
  decade INTEGER GENERATED ALWAYS AS ((year / 10) * 10) STORED,
  age_rating INTEGER NOT NULL CHECK (age_rating IN (0, 6, 12, 16, 18)),
  partner TEXT NOT NULL DEFAULT 'none' CHECK (partner IN ('hbo-max', 'dazn', 'kino1tv', 'paramount-plus', 'none')),
  duration_min INTEGER CHECK (duration_min > 0),
  rating REAL CHECK (rating BETWEEN 0 AND 10),
  popularity INTEGER NOT NULL DEFAULT 0,
  -- A trailer belongs to the title it advertises.
  trailer_of INTEGER REFERENCES titles(id) ON DELETE CASCADE,
  released_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL DEFAULT (unixepoch()),
  CHECK ((type = 'trailer') = (trailer_of IS NOT NULL))
);
CREATE INDEX titles_type_popularity ON titles (type, popularity DESC);
CREATE INDEX titles_type_released ON titles (type, released_at DESC);
CREATE INDEX titles_type_rating ON titles (type, rating DESC);
CREATE INDEX titles_partner ON titles (partner, popularity DESC);
CREATE INDEX titles_year ON titles (year);
CREATE INDEX titles_trailer_of ON titles (trailer_of);

CREATE TABLE title_genres (
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  genre_id INTEGER NOT NULL REFERENCES genres(id),
  PRIMARY KEY (title_id, genre_id)
) WITHOUT ROWID;
CREATE INDEX title_genres_genre ON title_genres (genre_id, title_id);

CREATE TABLE title_countries (
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  country_id INTEGER NOT NULL REFERENCES countries(id),
  PRIMARY KEY (title_id, country_id)
) WITHOUT ROWID;
CREATE INDEX title_countries_country ON title_countries (country_id, title_id);

CREATE TABLE title_studios (
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  studio_id INTEGER NOT NULL REFERENCES studios(id),
  PRIMARY KEY (title_id, studio_id)
) WITHOUT ROWID;
CREATE INDEX title_studios_studio ON title_studios (studio_id, title_id);

CREATE TABLE title_people (
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  person_id INTEGER NOT NULL REFERENCES people(id),
  role TEXT NOT NULL CHECK (role IN ('actor', 'director')),
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (title_id, person_id, role)
) WITHOUT ROWID;
CREATE INDEX title_people_person ON title_people (person_id);

CREATE TABLE seasons (
  id INTEGER PRIMARY KEY,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  name TEXT NOT NULL,
  year INTEGER NOT NULL,
  released_at INTEGER NOT NULL,
  UNIQUE (title_id, number)
);

CREATE TABLE episodes (
  id INTEGER PRIMARY KEY,
  season_id INTEGER NOT NULL REFERENCES seasons(id) ON DELETE CASCADE,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  number INTEGER NOT NULL CHECK (number > 0),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  duration_min INTEGER NOT NULL CHECK (duration_min > 0),
  released_at INTEGER NOT NULL,
  UNIQUE (season_id, number)
);
CREATE INDEX episodes_title ON episodes (title_id);
CREATE INDEX episodes_released ON episodes (released_at DESC);

-- What unlocks a title: a subscription (SVOD), a rental (TVOD) or a purchase (EST). Prices come with billing.
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  buy_type TEXT NOT NULL CHECK (buy_type IN ('SVOD', 'TVOD', 'EST')),
  partner TEXT NOT NULL DEFAULT 'none' CHECK (partner IN ('hbo-max', 'dazn', 'kino1tv', 'paramount-plus', 'none'))
);

CREATE TABLE title_products (
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  product_id INTEGER NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  PRIMARY KEY (title_id, product_id)
) WITHOUT ROWID;
CREATE INDEX title_products_product ON title_products (product_id);

CREATE TABLE collections (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE collection_items (
  collection_id INTEGER NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (collection_id, title_id)
) WITHOUT ROWID;

-- Showcases (featured, current, by slug) are made of shelves; shelf kinds are the spec's.
CREATE TABLE showcases (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('featured', 'current', 'page'))
);

CREATE TABLE shelves (
  id INTEGER PRIMARY KEY,
  showcase_id INTEGER NOT NULL REFERENCES showcases(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('cw', 'nw', 'editors', 'partner', 'blog', 'episodes')),
  name TEXT NOT NULL,
  position INTEGER NOT NULL,
  -- A shelf of kind 'editors' may show a collection; 'partner' shows a partner's titles.
  collection_id INTEGER REFERENCES collections(id) ON DELETE SET NULL,
  partner TEXT CHECK (partner IN ('hbo-max', 'dazn', 'kino1tv', 'paramount-plus')),
  wide INTEGER NOT NULL DEFAULT 0 CHECK (wide IN (0, 1))
);
CREATE INDEX shelves_showcase ON shelves (showcase_id, position);

CREATE TABLE shelf_items (
  shelf_id INTEGER NOT NULL REFERENCES shelves(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  title_id INTEGER REFERENCES titles(id) ON DELETE CASCADE,
  episode_id INTEGER REFERENCES episodes(id) ON DELETE CASCADE,
  -- Blog shelves link out: a headline and an URL instead of a title.
  headline TEXT,
  url TEXT,
  PRIMARY KEY (shelf_id, position),
  CHECK ((title_id IS NOT NULL) + (episode_id IS NOT NULL) + (url IS NOT NULL) = 1)
) WITHOUT ROWID;

CREATE TABLE page_banners (
  id INTEGER PRIMARY KEY,
  page TEXT NOT NULL,
  position INTEGER NOT NULL,
  title_id INTEGER NOT NULL REFERENCES titles(id) ON DELETE CASCADE,
  headline TEXT NOT NULL,
  text TEXT NOT NULL DEFAULT ''
);
CREATE INDEX page_banners_page ON page_banners (page, position);

CREATE TABLE tv_channels (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  position INTEGER NOT NULL,
  age_rating INTEGER NOT NULL DEFAULT 0 CHECK (age_rating IN (0, 6, 12, 16, 18))
);

CREATE TABLE tv_programmes (
  id INTEGER PRIMARY KEY,
  channel_id INTEGER NOT NULL REFERENCES tv_channels(id) ON DELETE CASCADE,
  starts_at INTEGER NOT NULL,
  ends_at INTEGER NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  genre TEXT NOT NULL DEFAULT '',
  age_rating INTEGER NOT NULL DEFAULT 0 CHECK (age_rating IN (0, 6, 12, 16, 18)),
  CHECK (ends_at > starts_at)
);
CREATE INDEX tv_programmes_channel_time ON tv_programmes (channel_id, starts_at);

-- Universal assets (docs/product.md, «What we keep») (DefaultHproductBackground, DefaultVproductBackground,
-- promo footer background), and other small CMS settings.
CREATE TABLE cms_settings (
  key TEXT PRIMARY KEY NOT NULL,
  value TEXT
);

-- Search: names, original names, people and descriptions, prefix-searchable, case- and ё-insensitive.
CREATE VIRTUAL TABLE titles_search USING fts5 (
  name, original_name, people, description,
  tokenize = "unicode61 remove_diacritics 2",
  prefix = '2 3 4'
);
