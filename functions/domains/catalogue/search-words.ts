/**
 * What a viewer typed into search, as words: folded the way the search tables are
 * (functions/db/search-index.ts), retyped on the other keyboard layout, and corrected against the
 * vocabulary of title names. Pure, so the rules are tested without a database.
 */

/** At most this many words of a query are searched. */
export const MAX_QUERY_WORDS = 8;
/** Shorter words are never corrected: a typo in three letters is another word. */
export const MIN_CORRECTED_LENGTH = 4;

/**
 * The words of a query: lower case, ё as е, anything but letters and digits separates.
 * @example queryWords('Сорок оттенков: НЕБА!') // ['сорок', 'оттенков', 'неба']
 */
export function queryWords(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/ё/g, 'е')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, MAX_QUERY_WORDS) ?? []
  );
}

// The Russian ЙЦУКЕН keys under the English QWERTY ones, lower case (ё is under the backquote).
const EN = "`qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const RU = 'ёйцукенгшщзхъфывапролджэячсмитьбю';
const TO_RU = new Map([...EN].map((ch, i) => [ch, RU[i] as string]));
const TO_EN = new Map([...RU].map((ch, i) => [ch, EN[i] as string]));

/**
 * The query as it would read typed on the other keyboard layout: Latin keys as the Russian
 * letters under them, or Russian letters as the Latin keys; null when it is not all one script
 * (or has no letters), since a mixed query was not typed on one wrong layout.
 * @example switchLayout('cjhjr') // 'сорок'
 * @example switchLayout('ыщкщл') // 'sorok'
 */
export function switchLayout(text: string): string | null {
  const lower = text.toLowerCase();
  const latin = /[a-z]/.test(lower);
  const cyrillic = /[а-яё]/.test(lower);
  if (latin === cyrillic) return null;
  const table = latin ? TO_RU : TO_EN;
  // Punctuation keys are letters on the Russian layout (, is б), so only letters and those keys map.
  return [...lower].map((ch) => table.get(ch) ?? ch).join('');
}

/**
 * Edit distance with transpositions (optimal string alignment): insertions, deletions,
 * substitutions and swaps of two neighbours each count one.
 * @example editDistance('сарок', 'сорок') // 1
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const d: number[][] = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/** How many edits a word of this length may be off: one up to six letters, two from seven. */
export const allowedEdits = (length: number) => (length >= 7 ? 2 : 1);

/**
 * The pairs of neighbouring letters of a word: a name word within the allowed edits of it shares
 * at least one (an edit breaks at most two pairs), which is how the database narrows the vocabulary.
 * @example letterPairs('сорок') // ['со', 'ор', 'ро', 'ок']
 */
export function letterPairs(word: string): string[] {
  const chars = [...word];
  return [...new Set(chars.slice(1).map((ch, i) => chars[i] + ch))];
}

/** A word of the vocabulary of names and how many names use it. */
export interface VocabularyWord {
  word: string;
  titles: number;
}

/**
 * A typed word as the vocabulary of names would have it: unchanged when it is short or already
 * begins a name word; else the closest name word within the allowed edits (the commoner one on a
 * tie); null when none is close enough. Only whole words: a correction shown to the viewer is a
 * word they can read, never a stem.
 * @example correctWord('сарок', [{ word: 'сорок', titles: 3 }]) // 'сорок'
 */
export function correctWord(typed: string, vocabulary: readonly VocabularyWord[]): string | null {
  const length = [...typed].length;
  if (length < MIN_CORRECTED_LENGTH || vocabulary.some((v) => v.word.startsWith(typed)))
    return typed;
  let best: (VocabularyWord & { edits: number }) | undefined;
  for (const v of vocabulary) {
    const edits = editDistance(typed, v.word);
    if (
      edits <= allowedEdits(length) &&
      (!best || edits < best.edits || (edits === best.edits && v.titles > best.titles))
    )
      best = { ...v, edits };
  }
  return best?.word ?? null;
}
