// Makes src/assets/fonts/inter.woff2, the one Inter file every page loads (global.css), from the
// variable Inter of `inter-ui` cut down to the characters a Russian page shows: Cyrillic, ASCII,
// the typographer's punctuation («», dashes, quotes, the ellipsis, thin and no-break spaces), a few
// signs and the rouble sign. The weight axis stays from 400 to 900, the weights the pages use; the
// optical-size axis is pinned at text size (14). Of the layout features only those a browser
// applies by itself stay, and tabular figures (`font-variant-numeric: tabular-nums`). One file, not one per script: a Russian line
// mixes Cyrillic letters with ASCII spaces and digits, and with two faces the browser shapes every
// word as a run of its own and lays the page out again when the second file arrives. Latin letters
// with accents fall back per character to «Inter Fallback». Run when the package or the set
// changes: `npm exec -- node scripts/assets/fonts.mjs`; the file is committed.
import { readFileSync, writeFileSync } from 'node:fs';
import subsetFont from 'subset-font';

const FROM = 'node_modules/inter-ui/variable/InterVariable.woff2';
const TO = 'src/assets/fonts/inter.woff2';

const range = (from, to) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');

/** Kept in step with the unicode-range of the @font-face in src/styles/global.css. */
export const TEXT = [
  `${range(0x20, 0x7e)}${range(0x400, 0x45f)}\u0301\u0490\u0491\u04b0\u04b1`,
  '\u00a0«»·©®°±×÷\u2009–—‘’“”„…•′″€₽№↑↓−',
].join('');

/** What a browser applies without being asked, and tabular figures. */
const FEATURES = [
  'ccmp',
  'locl',
  'mark',
  'mkmk',
  'rlig',
  'rvrn',
  'calt',
  'clig',
  'liga',
  'kern',
  'tnum',
];

const source = readFileSync(FROM);
const cut = await subsetFont(source, TEXT, {
  targetFormat: 'woff2',
  keepFeatures: FEATURES,
  variationAxes: { opsz: 14, wght: { min: 400, max: 900 } },
});
writeFileSync(TO, cut);
console.log(`${TO}: ${source.length} → ${cut.length} bytes`);
