/** Russian title names with English originals, composed from the banks in names.ts. */
import {
  adjectives,
  genitives,
  heads,
  kidsHeroes,
  kidsThings,
  nouns,
  sportHeads,
  sportSubjects,
  standalone,
} from './names.ts';
import type { Rng } from './rng.ts';

export type NameKind = 'drama' | 'kids' | 'sport';

const genderIndex = { m: 0, f: 1, n: 2, p: 3 } as const;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function composed(r: Rng, kind: NameKind): [string, string] {
  if (kind === 'sport') {
    const [head, headEn] = r.pick(sportHeads);
    const [subject, subjectEn] = r.pick(sportSubjects);
    return [`${head}: ${subject}`, `${headEn}: ${subjectEn}`];
  }
  if (kind === 'kids') {
    const [hero, heroGen, heroEn] = r.pick(kidsHeroes);
    if (r.chance(0.35)) return [`Приключения ${heroGen}`, `The Adventures of ${heroEn}`];
    const [thing, thingEn] = r.pick(kidsThings);
    return [`${hero} и ${thing}`, `${heroEn} and ${thingEn}`];
  }
  const pattern = r.next();
  if (pattern < 0.5) {
    const adjective = r.pick(adjectives);
    const [noun, gender, nounEn] = r.pick(nouns);
    return [`${adjective[genderIndex[gender]]} ${noun}`, `${adjective[4]} ${nounEn}`];
  }
  if (pattern < 0.85) {
    const [head, headEn] = r.pick(heads);
    const [gen, genEn] = r.pick(genitives);
    return [`${head} ${gen}`, `${headEn} ${genEn.replace(/^the /, 'the ')}`];
  }
  const [name, nameEn] = r.pick(standalone);
  return [name, nameEn];
}

/**
 * A name generator that never repeats a Russian name; after many clashes it numbers the name,
 * as sequels are named.
 * @example const next = titleNamer(); next(rng('t'), 'drama') // ['Тёмный город', 'Dark City']
 */
export function titleNamer(): (r: Rng, kind: NameKind) => [string, string] {
  const used = new Set<string>();
  return (r, kind) => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const [name, original] = composed(r, kind);
      if (!used.has(name)) {
        used.add(name);
        return [capitalize(name), original];
      }
    }
    const [name, original] = composed(r, kind);
    for (let n = 2; ; n++) {
      const numbered = `${name} ${n}`;
      if (!used.has(numbered)) {
        used.add(numbered);
        return [capitalize(numbered), `${original} ${n}`];
      }
    }
  };
}
