/**
 * A URL slug from a Latin name.
 * @example slugify("Bear's Corner: Part 2") // 'bears-corner-part-2'
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Makes slugs unique by numbering repeats: `dark-city`, `dark-city-2`, ... */
export function uniqueSlugger(): (base: string) => string {
  const used = new Map<string, number>();
  return (base) => {
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    return n === 1 ? base : `${base}-${n}`;
  };
}
