/**
 * Rebuilds the search index (FTS5 `titles_search`, rowid = title id) from the titles and their
 * people as they are in the tables now; deleting first makes the rebuild idempotent. SQLite's unicode61 tokenizer folds Latin diacritics but not Cyrillic ё, so ё/Ё are
 * stored as е/Е here and queries fold them the same way (search.repo.ts).
 * @example await env.DB.batch(reindexTitlesSql().map((s) => env.DB.prepare(s)))
 */
export function reindexTitlesSql(): string[] {
  const fold = (expr: string) => `replace(replace(${expr}, 'ё', 'е'), 'Ё', 'Е')`;
  return [
    'DELETE FROM titles_search',
    // Directors first, then actors in billing order.
    `INSERT INTO titles_search (rowid, name, original_name, people, description)
      SELECT t.id, ${fold('t.name')}, t.original_name,
        ${fold("coalesce((SELECT group_concat(p.name || ' ' || p.original_name, ' ') FROM (SELECT p.name, p.original_name FROM title_people tp JOIN people p ON p.id = tp.person_id WHERE tp.title_id = t.id ORDER BY tp.role DESC, tp.position) AS p), '')")},
        ${fold('t.description')}
      FROM titles t ORDER BY t.id`,
  ];
}
