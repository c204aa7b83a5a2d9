/** About 600 people: mostly international names (Russian transliteration + original), some Russian. */
import {
  firstNames,
  lastNames,
  russianFeminine,
  russianFirstNames,
  russianLastNames,
} from './names.ts';
import type { Rng } from './rng.ts';
import { slugify } from './slug.ts';

export interface PersonRow {
  id: number;
  slug: string;
  name: string;
  original_name: string;
}

/**
 * `count` distinct people; ids start at 1.
 * @example people(rng('people'), 600)[0] // { id: 1, slug: 'emma-walker', name: 'Эмма Уокер', ... }
 */
export function generatePeople(r: Rng, count: number): PersonRow[] {
  const seen = new Set<string>();
  const rows: PersonRow[] = [];
  while (rows.length < count) {
    let name: string;
    let original: string;
    if (r.chance(0.15)) {
      const [first, firstLatin] = r.pick(russianFirstNames);
      const [m, f, mLatin, fLatin] = r.pick(russianLastNames);
      const feminine = russianFeminine.has(first);
      name = `${first} ${feminine ? f : m}`;
      original = `${firstLatin} ${feminine ? fLatin : mLatin}`;
    } else {
      const [first, firstOriginal] = r.pick(firstNames);
      const [last, lastOriginal] = r.pick(lastNames);
      name = `${first} ${last}`;
      original = `${firstOriginal} ${lastOriginal}`;
    }
    if (seen.has(original)) continue;
    seen.add(original);
    rows.push({ id: rows.length + 1, slug: slugify(original), name, original_name: original });
  }
  return rows;
}
