// Makes src/assets/fonts/inter-*.woff2, the two Inter files every page loads (global.css), from
// @fontsource-variable/inter cut down to the characters a Russian page shows: the whole Cyrillic
// file, of the Latin one only ASCII, the typographer's punctuation («», dashes, quotes, the
// ellipsis, thin and no-break spaces) and a few signs, and the rouble sign. The weight axis (100–900) and the layout
// features those characters use (kerning, tabular figures) stay. Latin letters with accents fall
// back per character to «Inter Fallback». Run when the package or the set changes:
// `npm exec -- node scripts/assets/fonts.mjs`; the files are committed.
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

const FROM = 'node_modules/@fontsource-variable/inter/files';
const TO = 'src/assets/fonts';

const range = (from, to) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/** Kept in step with the unicode-range of each @font-face in src/styles/global.css. */
export const FONTS = [
  {
    file: 'inter-cyrillic-wght-normal.woff2',
    out: 'inter-cyrillic.woff2',
    text: `${range(0x400, 0x45f)}\u0301\u0490\u0491\u04b0\u04b1№`,
  },
  {
    file: 'inter-latin-wght-normal.woff2',
    out: 'inter-latin.woff2',
    text: `${range(0x20, 0x7e)}\u00a0«»·©®°±×÷–—‘’“”„…•′″€↑↓−\u2009`,
  },
  // The rouble sign of every price: in neither of the two above, a face of its own (2 KB), fetched
  // only by a page that shows a price.
  { file: 'inter-latin-ext-wght-normal.woff2', out: 'inter-rouble.woff2', text: '₽' },
];

for (const { file, out, text } of FONTS) {
  const source = readFileSync(`${FROM}/${file}`);
  const cut = await subsetFont(source, text, { targetFormat: 'woff2' });
  writeFileSync(`${TO}/${out}`, cut);
  console.log(`${TO}/${out}: ${source.length} → ${cut.length} bytes`);
}
