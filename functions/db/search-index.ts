/** Characters that separate words in a name; the search key turns each into a space. */
const SEPARATORS = `.,:;!?«»"'’‘“”„()[]…/\\&+*#–—-`;
const UPPER = 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ';

const fold = (expr: string) => `replace(replace(${expr}, 'ё', 'е'), 'Ё', 'Е')`;

/**
 * SQL for a name's search key, the same as `nameKey` of the catalogue domain gives for what a viewer
 * types: lower case (SQLite's lower() knows only ASCII, so Cyrillic capitals are replaced one by
 * one), ё as е, separators as single spaces, trimmed.
 * @example nameKeySql('t.name') // for «Сорок оттенков: неба» the key 'сорок оттенков неба'
 */
export function nameKeySql(expr: string): string {
  let out = `lower(${expr})`;
  for (const ch of SEPARATORS) out = `replace(${out}, '${ch.replace(/'/g, "''")}', ' ')`;
  for (const ch of UPPER)
    out = `replace(${out}, '${ch}', '${ch === 'Ё' ? 'е' : ch.toLowerCase()}')`;
  out = `replace(${out}, 'ё', 'е')`;
  // Up to eight spaces in a row become one.
  for (let i = 0; i < 3; i++) out = `replace(${out}, '  ', ' ')`;
  return `trim(${out})`;
}

/**
 * Rebuilds the search tables from the titles and their people as they are in the tables now;
 * deleting first makes the rebuild idempotent. `titles_search` (FTS5, rowid = title id) matches
 * words; `search_names` ranks exact names and name prefixes; `search_words` is the vocabulary of
 * names typos are corrected against, and `search_pairs` finds its words by their pairs of
 * neighbouring letters. SQLite's unicode61 tokenizer folds Latin diacritics but not Cyrillic ё,
 * so ё/Ё are stored as е/Е here and queries fold them the same way (search.repo.ts).
 * @example await env.DB.batch(reindexTitlesSql().map((s) => env.DB.prepare(s)))
 */
export function reindexTitlesSql(): string[] {
  return [
    'DELETE FROM titles_search',
    // Directors first, then actors in billing order.
    `INSERT INTO titles_search (rowid, name, original_name, people, description)
      SELECT t.id, ${fold('t.name')}, t.original_name,
        ${fold("coalesce((SELECT group_concat(p.name || ' ' || p.original_name, ' ') FROM (SELECT p.name, p.original_name FROM title_people tp JOIN people p ON p.id = tp.person_id WHERE tp.title_id = t.id ORDER BY tp.role DESC, tp.position) AS p), '')")},
        ${fold('t.description')}
      FROM titles t ORDER BY t.id`,
    'DELETE FROM search_names',
    `INSERT INTO search_names (title_id, name_key, original_key)
      SELECT t.id, ${nameKeySql('t.name')}, ${nameKeySql('t.original_name')} FROM titles t
      WHERE t.type != 'trailer' ORDER BY t.id`,
    'DELETE FROM search_words',
    `INSERT INTO search_words (word, titles)
      WITH RECURSIVE split (rest, word) AS (
        SELECT name_key || ' ' || original_key || ' ', '' FROM search_names
        UNION ALL
        SELECT substr(rest, instr(rest, ' ') + 1), substr(rest, 1, instr(rest, ' ') - 1)
        FROM split WHERE rest != ''
      )
      SELECT word, count(*) FROM split WHERE length(word) >= 2 GROUP BY word`,
    'DELETE FROM search_pairs',
    // Each word under every pair of neighbouring letters it has (letterPairs of the catalogue domain).
    `INSERT OR IGNORE INTO search_pairs (pair, word)
      WITH RECURSIVE at (word, i) AS (
        SELECT word, 1 FROM search_words
        UNION ALL
        SELECT word, i + 1 FROM at WHERE i < length(word) - 1
      )
      SELECT substr(word, i, 2), word FROM at`,
  ];
}
