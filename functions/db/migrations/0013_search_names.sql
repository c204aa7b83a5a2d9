-- 0013 Search by name: each title's name and original name as a key (lower case, ё as е,
-- punctuation as single spaces), so an exact name and a name prefix rank first; and the words of
-- those names, the vocabulary a mistyped word is corrected against. Both are rebuilt with
-- titles_search (functions/db/search-index.ts).
CREATE TABLE search_names (
  title_id INTEGER PRIMARY KEY NOT NULL,
  name_key TEXT NOT NULL,
  original_key TEXT NOT NULL
);

-- titles: how many names use the word, so the commoner word wins a tie between corrections.
CREATE TABLE search_words (
  word TEXT PRIMARY KEY NOT NULL,
  titles INTEGER NOT NULL
) WITHOUT ROWID;
