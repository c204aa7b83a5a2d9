import { type Viewer, visibleTitles } from '../../access/index.ts';
import { batch, type Query, run } from '../../db/run.ts';
import { and, raw, rows, sql, where } from '../../db/sql.ts';
import type { PageQuery } from '../../lib/pagination.ts';
import { cardColumns } from './content.repo.ts';
import type { TitleRow } from './content-dto.ts';
import {
  correctWord,
  letterPairs,
  MIN_CORRECTED_LENGTH,
  queryWords,
  switchLayout,
  type VocabularyWord,
} from './search-words.ts';

/**
 * The FTS5 query for what a viewer typed: every word must match as a prefix, case- and
 * ё-insensitive (the index folds diacritics). Words are quoted, so no FTS syntax gets through.
 * @example ftsQuery('тихий гор') // '"тихий"* AND "гор"*'
 */
export function ftsQuery(text: string): string | null {
  const words = queryWords(text);
  return words.length ? matchOf(words) : null;
}

const matchOf = (words: readonly string[]) => words.map((w) => `"${w}"*`).join(' AND ');

/** Released titles but trailers that the viewer may see. */
const searchable = (viewer: Viewer) =>
  and(sql`titles.released_at <= unixepoch() AND titles.type != 'trailer'`, visibleTitles(viewer));

/** One page of search results, how many there are in all, and the query that found them when it is not what was typed. */
export interface SearchResult {
  rows: TitleRow[];
  total: number;
  /** The words searched instead of the typed ones (the other keyboard layout, or typos corrected); null when the typed words found the results. */
  corrected: string | null;
}

/** Candidate name words looked at per typed word: enough for the right one to be among them. */
const CANDIDATES_PER_WORD = 40;

/**
 * How well a title's name answers the words: 0 the exact name, 1 a name that begins with them,
 * 2 a name with every word (as a word's start), 3 anything else (people, description). The
 * original name counts like the name.
 */
function nameTier(words: readonly string[]) {
  const key = words.join(' ');
  const everyWord = (column: 'name_key' | 'original_key') =>
    words
      .map((w) => sql`(' ' || n.${raw(column)}) LIKE ${`% ${w}%`}`)
      .reduce((a, b) => sql`${a} AND ${b}`);
  return sql`CASE
    WHEN n.name_key = ${key} OR n.original_key = ${key} THEN 0
    WHEN n.name_key LIKE ${`${key}%`} OR n.original_key LIKE ${`${key}%`} THEN 1
    WHEN (${everyWord('name_key')}) OR (${everyWord('original_key')}) THEN 2
    ELSE 3 END`;
}

/**
 * A page of titles matching every word, best first: by `nameTier`, then BM25 (the name weighted
 * highest), then popularity, then id (a total order, so pages never repeat or skip a title). The
 * count comes with the page, also for a page past the end.
 */
function titlesPage(
  d: D1Database,
  words: readonly string[],
  { page, page_size }: PageQuery,
  viewer: Viewer,
): Query<Omit<SearchResult, 'corrected'>> {
  const q = sql`WITH matched AS (
      SELECT ${cardColumns}, ${nameTier(words)} AS tier, m.score, titles.popularity AS pop
      FROM titles
      JOIN (SELECT rowid AS id, bm25(titles_search, 10.0, 5.0, 2.0, 1.0) AS score
            FROM titles_search WHERE titles_search MATCH ${matchOf(words)}) m ON m.id = titles.id
      LEFT JOIN search_names n ON n.title_id = titles.id
      ${where(searchable(viewer))}
    )
    SELECT c.total, p.* FROM (SELECT count(*) AS total FROM matched) c
    LEFT JOIN (SELECT * FROM matched ORDER BY tier, score, pop DESC, id
               LIMIT ${page_size} OFFSET ${(page - 1) * page_size}) p ON 1
    ORDER BY p.tier, p.score, p.pop DESC, p.id`;
  return {
    ...rows(d, q),
    read: (all) => ({
      total: Number(all[0]?.total ?? 0),
      rows: all
        .filter((r) => r.id !== null)
        .map(({ total: _t, tier: _r, score: _s, pop: _p, ...row }) => row as unknown as TitleRow),
    }),
  };
}

/**
 * For each typed word long enough to be corrected, the name words two letters longer or shorter
 * at most, or that begin with it, that share the most pairs of neighbouring letters with it (any
 * name word within the allowed edits shares one), by the word's position; the edit distance
 * itself is measured in the Worker. The pairs index (`search_pairs`) reads only the words that
 * share a pair, never the whole vocabulary.
 */
function vocabularyQuery(d: D1Database, words: readonly string[]): Query<VocabularyWord[][]> {
  const asked = words.map((w) => {
    const length = [...w].length;
    return length >= MIN_CORRECTED_LENGTH
      ? { word: w, min: length - 2, max: length + 2, pairs: letterPairs(w) }
      : null;
  });
  const q = sql`SELECT i, word, titles FROM (
      SELECT s.i, w.word, w.titles,
        row_number() OVER (PARTITION BY s.i ORDER BY s.shared DESC, w.titles DESC, w.word) AS r
      FROM (
        SELECT q.key AS i, p.word, count(*) AS shared,
          json_extract(q.value, '$.min') AS min, json_extract(q.value, '$.max') AS max,
          json_extract(q.value, '$.word') AS typed
        FROM json_each(${JSON.stringify(asked)}) q
        JOIN json_each(q.value, '$.pairs') pair ON q.type = 'object'
        JOIN search_pairs p ON p.pair = pair.value
        GROUP BY q.key, p.word
      ) s
      JOIN search_words w ON w.word = s.word
      WHERE length(w.word) BETWEEN s.min AND s.max OR substr(w.word, 1, length(s.typed)) = s.typed
    ) WHERE r <= ${CANDIDATES_PER_WORD}`;
  return {
    ...rows(d, q),
    read: (all) => {
      const byWord: VocabularyWord[][] = words.map(() => []);
      for (const r of all)
        byWord[Number(r.i)]?.push({ word: String(r.word), titles: Number(r.titles) });
      return byWord;
    },
  };
}

/**
 * A search's first round trip, to batch with other queries (a page's layout): the page for the
 * typed words, the vocabulary to correct them against and, when the query could have been typed
 * on the wrong keyboard layout, the page for the switched words. `finishSearch` reads the results.
 */
export interface SearchPlan {
  readonly queries: readonly Query<unknown>[];
  readonly words: readonly string[];
  readonly other: readonly string[];
  readonly page: PageQuery;
  readonly viewer: Viewer;
}

/** The first round trip of a search for `query`; null when it has no words to search. */
export function planSearch(
  d: D1Database,
  query: string,
  page: PageQuery,
  viewer: Viewer,
): SearchPlan | null {
  const words = queryWords(query);
  if (!words.length) return null;
  const switched = switchLayout(query);
  const other = switched ? queryWords(switched) : [];
  const queries = [
    titlesPage(d, words, page, viewer),
    vocabularyQuery(d, [...words, ...other]),
    ...(other.length ? [titlesPage(d, other, page, viewer)] : []),
  ];
  return { queries, words, other, page, viewer };
}

const NOTHING: SearchResult = { rows: [], total: 0, corrected: null };

/**
 * The titles of a planned search from its first round trip's results. When the typed words find
 * nothing, the same keys typed on the other keyboard layout («cjhjr» is «сорок») are taken, then
 * the words corrected against the names (one edit off, two for long words: «сарок» is «сорок»),
 * which costs a second round trip.
 */
export async function finishSearch(
  d: D1Database,
  plan: SearchPlan,
  results: readonly unknown[],
): Promise<SearchResult> {
  const [found, vocabulary, otherFound] = results as [
    Omit<SearchResult, 'corrected'>,
    VocabularyWord[][],
    Omit<SearchResult, 'corrected'> | undefined,
  ];
  const { words, other, page, viewer } = plan;
  if (found.total > 0) return { ...found, corrected: null };
  if (otherFound && otherFound.total > 0) return { ...otherFound, corrected: other.join(' ') };

  const corrections: string[][] = [];
  for (const [typed, offset] of [
    [words, 0],
    [other, words.length],
  ] as const) {
    const fixed = typed.map((w, i) => correctWord(w, vocabulary[offset + i] ?? []));
    if (
      typed.length &&
      fixed.every((w): w is string => w !== null) &&
      fixed.some((w, i) => w !== typed[i])
    )
      corrections.push(fixed);
  }
  if (!corrections.length) return NOTHING;
  const pages = await batch(
    d,
    corrections.map((c) => titlesPage(d, c, page, viewer)),
  );
  const at = pages.findIndex((r) => r.total > 0);
  return at < 0 ? NOTHING : { ...pages[at]!, corrected: corrections[at]!.join(' ') };
}

/**
 * Titles matching what a viewer typed (`planSearch` and `finishSearch`): one D1 round trip, two
 * when a typo is corrected.
 */
export async function searchTitles(
  d: D1Database,
  query: string,
  page: PageQuery,
  viewer: Viewer,
): Promise<SearchResult> {
  const plan = planSearch(d, query, page, viewer);
  return plan ? finishSearch(d, plan, await batch(d, plan.queries)) : NOTHING;
}

/** What the search page offers before anything is typed: the most popular titles. */
export const presetQuery = (d: D1Database, limit: number, viewer: Viewer) =>
  rows<TitleRow>(
    d,
    sql`SELECT ${cardColumns} FROM titles ${where(searchable(viewer))}
        ORDER BY titles.popularity DESC LIMIT ${limit}`,
  );

export const presetTitles = (d: D1Database, limit: number, viewer: Viewer) =>
  run(presetQuery(d, limit, viewer));
