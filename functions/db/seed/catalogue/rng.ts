/**
 * A seeded PRNG (mulberry32) and the few draws the generator needs. Never Math.random: the seed
 * must be byte-identical on every run, so each part of the catalogue gets its own named stream.
 */
import { hash32 } from '../../../lib/hash.ts';

export interface Rng {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** An item drawn with the given relative weights. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
}

/**
 * A PRNG stream named by a string, so adding draws to one part never shifts another part.
 * @example const r = rng('titles'); r.int(1970, 2026)
 */
export function rng(name: string): Rng {
  let state = hash32(name);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
    sample(items, count) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
    weighted(items) {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let x = next() * total;
      for (const [item, w] of items) {
        x -= w;
        if (x < 0) return item;
      }
      return items[items.length - 1]![0];
    },
  };
}
