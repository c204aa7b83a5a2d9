import { describe, expect, it } from 'vitest';

// The sources of the lists' components and pages, as text (Vite reads them at build time).
const sources = {
  ...import.meta.glob(['./*.astro', './*.tsx', './history-dates.ts'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
  ...import.meta.glob('../../pages/my/*.astro', { query: '?raw', import: 'default', eager: true }),
} as Record<string, string>;

/** Cyrillic outside comments: a text written in place rather than taken from texts.ts. */
function inlineRussian(source: string): string[] {
  const code = source
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return code
    .split('\n')
    .filter((line) => /[а-яё]/i.test(line))
    .map((line) => line.trim());
}

describe('the lists components', () => {
  it('take every user-visible Russian text from their texts module', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(5);
    for (const [file, source] of Object.entries(sources))
      expect(inlineRussian(source), file).toEqual([]);
  });
});
