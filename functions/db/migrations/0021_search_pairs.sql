-- The vocabulary of names by pair of neighbouring letters: a typo is corrected against the words
-- that share pairs with it (docs/decisions.md, "Search ranks names first and forgives typos…"),
-- found through this index instead of by reading every word of the vocabulary on every search.
CREATE TABLE search_pairs (
  pair TEXT NOT NULL,
  word TEXT NOT NULL,
  PRIMARY KEY (pair, word)
) WITHOUT ROWID;

INSERT OR IGNORE INTO search_pairs (pair, word)
  WITH RECURSIVE at (word, i) AS (
    SELECT word, 1 FROM search_words WHERE length(word) >= 2
    UNION ALL
    SELECT word, i + 1 FROM at WHERE i < length(word) - 1
  )
  SELECT substr(word, i, 2), word FROM at;
