-- 0022 Content dates: when the content of each page the sitemap lists last changed (its
-- `lastmod`): a title (its facts, seasons, episodes, people, genres, countries, studios, what
-- unlocks it, its trailers), a collection (its text and titles), a TV channel (its facts) and a
-- tech page (FAQ, contacts). Triggers keep the dates, so every path that
-- changes content (the seed, a CMS load, a script, a later migration) moves them without having to
-- remember; a writer that sets `updated_at` itself is left alone. Times are unix seconds.
-- Popularity is a counter, not content: changing it moves nothing.

ALTER TABLE titles ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
UPDATE titles SET updated_at = created_at;
ALTER TABLE collections ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
UPDATE collections SET updated_at = unixepoch();
ALTER TABLE tv_channels ADD COLUMN updated_at INTEGER NOT NULL DEFAULT 0;
UPDATE tv_channels SET updated_at = unixepoch();

-- A series' page changes when an episode comes out: the sitemap reads each title's latest
-- released episode from this index alone.
CREATE INDEX episodes_title_released ON episodes (title_id, released_at);

-- Titles: added (the date it was added), changed, and a trailer added to or removed from one.
CREATE TRIGGER titles_added AFTER INSERT ON titles WHEN NEW.updated_at = 0
BEGIN
  UPDATE titles SET updated_at = NEW.created_at WHERE id = NEW.id;
END;
CREATE TRIGGER titles_changed AFTER UPDATE OF slug, type, name, original_name, description, year,
  age_rating, partner, duration_min, rating, trailer_of, released_at ON titles
WHEN NEW.updated_at = OLD.updated_at
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.id;
END;
CREATE TRIGGER titles_trailer_added AFTER INSERT ON titles WHEN NEW.trailer_of IS NOT NULL
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.trailer_of;
END;
CREATE TRIGGER titles_trailer_removed AFTER DELETE ON titles WHEN OLD.trailer_of IS NOT NULL
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.trailer_of;
END;

-- What a title's page shows from other tables: each row added, changed or removed moves it.
CREATE TRIGGER seasons_added AFTER INSERT ON seasons
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.title_id;
END;
CREATE TRIGGER seasons_changed AFTER UPDATE ON seasons
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id IN (OLD.title_id, NEW.title_id);
END;
CREATE TRIGGER seasons_removed AFTER DELETE ON seasons
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.title_id;
END;

CREATE TRIGGER episodes_added AFTER INSERT ON episodes
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.title_id;
END;
CREATE TRIGGER episodes_changed AFTER UPDATE ON episodes
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id IN (OLD.title_id, NEW.title_id);
END;
CREATE TRIGGER episodes_removed AFTER DELETE ON episodes
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.title_id;
END;

CREATE TRIGGER title_genres_added AFTER INSERT ON title_genres
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.title_id;
END;
CREATE TRIGGER title_genres_removed AFTER DELETE ON title_genres
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.title_id;
END;

CREATE TRIGGER title_countries_added AFTER INSERT ON title_countries
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.title_id;
END;
CREATE TRIGGER title_countries_removed AFTER DELETE ON title_countries
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.title_id;
END;

CREATE TRIGGER title_studios_added AFTER INSERT ON title_studios
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.title_id;
END;
CREATE TRIGGER title_studios_removed AFTER DELETE ON title_studios
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.title_id;
END;

CREATE TRIGGER title_people_added AFTER INSERT ON title_people
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.title_id;
END;
CREATE TRIGGER title_people_changed AFTER UPDATE ON title_people
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id IN (OLD.title_id, NEW.title_id);
END;
CREATE TRIGGER title_people_removed AFTER DELETE ON title_people
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.title_id;
END;

CREATE TRIGGER title_products_added AFTER INSERT ON title_products
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = NEW.title_id;
END;
CREATE TRIGGER title_products_removed AFTER DELETE ON title_products
BEGIN
  UPDATE titles SET updated_at = unixepoch() WHERE id = OLD.title_id;
END;

-- Collections: added, their text changed, a title added, moved or removed.
CREATE TRIGGER collections_added AFTER INSERT ON collections WHEN NEW.updated_at = 0
BEGIN
  UPDATE collections SET updated_at = unixepoch() WHERE id = NEW.id;
END;
CREATE TRIGGER collections_changed AFTER UPDATE OF slug, name, description ON collections
WHEN NEW.updated_at = OLD.updated_at
BEGIN
  UPDATE collections SET updated_at = unixepoch() WHERE id = NEW.id;
END;
CREATE TRIGGER collection_items_added AFTER INSERT ON collection_items
BEGIN
  UPDATE collections SET updated_at = unixepoch() WHERE id = NEW.collection_id;
END;
CREATE TRIGGER collection_items_changed AFTER UPDATE ON collection_items
BEGIN
  UPDATE collections SET updated_at = unixepoch()
    WHERE id IN (OLD.collection_id, NEW.collection_id);
END;
CREATE TRIGGER collection_items_removed AFTER DELETE ON collection_items
BEGIN
  UPDATE collections SET updated_at = unixepoch() WHERE id = OLD.collection_id;
END;

-- TV channels: added, their facts changed. Their guide is not dated here: the page shows what is
-- on now, so it changes as each programme starts (the sitemap reads that from the guide), and a
-- trigger on programmes would add the channel's row to every count of programmes the TV guide job
-- reports (D1 counts a trigger's changes with the statement's).
CREATE TRIGGER tv_channels_added AFTER INSERT ON tv_channels WHEN NEW.updated_at = 0
BEGIN
  UPDATE tv_channels SET updated_at = unixepoch() WHERE id = NEW.id;
END;
CREATE TRIGGER tv_channels_changed AFTER UPDATE OF slug, name, description, age_rating, free
  ON tv_channels
WHEN NEW.updated_at = OLD.updated_at
BEGIN
  UPDATE tv_channels SET updated_at = unixepoch() WHERE id = NEW.id;
END;
-- Tech pages had the date of their insert only.
CREATE TRIGGER tech_pages_changed AFTER UPDATE OF title, lead, sections ON tech_pages
WHEN NEW.updated_at = OLD.updated_at
BEGIN
  UPDATE tech_pages SET updated_at = unixepoch() WHERE slug = NEW.slug;
END;
