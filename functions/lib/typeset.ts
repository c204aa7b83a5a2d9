import Typograf from 'typograf';

/**
 * The one typographic step of the site's Russian text (docs/decisions.md): non-breaking spaces
 * after one- and two-letter words, between numbers and units, in initials and phone numbers;
 * em dashes between words, en dashes in number ranges; «ёлочки» quotes; an ellipsis character.
 * Pages pass through it on their way out (functions/middleware/typeset-html.ts); seed texts, CMS
 * texts and messages pass through it where they are written.
 */

const NBSP = '\u00a0';

// Only the rules the site wants: typograf's defaults also trim, reflow spaces and turn «1/2» into
// «½» or «(c)» into «©», which would change what people typed; each call pays for every enabled rule.
const RULES = [
  'common/nbsp/afterNumber',
  'common/nbsp/afterShortWord',
  'common/nbsp/beforeShortLastWord',
  'common/punctuation/hellip',
  'common/punctuation/quote',
  'ru/dash/de',
  'ru/dash/izpod',
  'ru/dash/izza',
  'ru/dash/ka',
  'ru/dash/kakto',
  'ru/dash/koe',
  'ru/dash/main',
  'ru/dash/taki',
  'ru/dash/to',
  'ru/dash/years',
  'ru/nbsp/abbr',
  'ru/nbsp/afterNumberSign',
  'ru/nbsp/beforeParticle',
  'ru/nbsp/centuries',
  'ru/nbsp/dayMonth',
  'ru/nbsp/initials',
  'ru/nbsp/m',
  'ru/nbsp/mln',
  'ru/nbsp/rubleKopek',
  'ru/nbsp/year',
  'ru/nbsp/years',
];

let engine: Typograf | undefined;

function typograf(): Typograf {
  if (!engine) {
    engine = new Typograf({ locale: ['ru', 'en-US'], htmlEntity: { type: 'default' } });
    engine.disableRule('*');
    engine.enableRule(RULES);
  }
  return engine;
}

// A phone number as the site writes them: +7 (495) 123-45-67, 8 800 555-35-35.
const PHONE =
  /(?:\+7|8)(?:[ \u00a0]?\(?\d{3}\)?)[ \u00a0]?\d{3}[-\u2011 \u00a0]?\d{2}[-\u2011 \u00a0]?\d{2}/g;
// A range of numbers: 5-10 серий, 18-25 лет (not dates such as 2026-11-24 nor phone groups).
const NUMBER_RANGE = /(?<![\d\-.\u2011])(\d{1,4})-(\d{1,4})(?![\d\-.\u2011])/g;
// A one- or two-letter word ending the text: «пишите в » before a link keeps «в» with the link.
const SHORT_WORD_AT_END = /(^|[\s(«„"'])([\p{L}]{1,2}) $/u;
// What the rules look for, checked in one pass before typograf's own (each of its calls costs some
// 15 µs, a home page has some 900 text nodes, and most of them are a single word or already typeset):
// a short word or a number before a plain space, a short word closing a sentence, a quote, a hyphen
// between spaces or digits, three dots, an initial, an abbreviation with dots.
const WORTH_IT =
  /(?<![\p{L}\p{N}])[\p{L}\p{N}]{1,3} | \p{L}{1,3}(?=[.,:;!?…)»"]|$)|\d |["']| -|- |--|\d-\d|\.\.\.|\p{Lu}\.|\.\p{L}/u;

/**
 * Russian text typeset; idempotent, and leading and trailing spaces are kept (a text node of a
 * page sits between elements).
 * @example typeset('Я люблю кино - и "Сериалы"') // 'Я\u00a0люблю кино\u00a0— и\u00a0«Сериалы»'
 */
export function typeset(text: string): string {
  if (!WORTH_IT.test(text)) return text;
  let out = recent.get(text);
  if (out === undefined) {
    out = typesetAlways(text);
    if (recent.size >= RECENT_MAX) recent.clear();
    recent.set(text, out);
  }
  return out;
}

// Pages repeat their short texts (a card's «2026 · 16+», menus, the footer), and an isolate
// renders many pages: the last few thousand results are kept.
const RECENT_MAX = 4000;
const recent = new Map<string, string>();

/** Forgets the kept results (a benchmark's cold start). */
export function clearTypesetCache() {
  recent.clear();
}

// A web address in a text (a message's link, its token random): the rules would take its «1-5» for
// a range and its «...» for an ellipsis, and the link would lead nowhere.
const WEB_ADDRESS = /(https?:\/\/\S+)/;

/** The step without the quick check in front (tests compare the two); web addresses kept as they are. */
export function typesetAlways(text: string): string {
  if (!WEB_ADDRESS.test(text)) return typesetProse(text);
  return text
    .split(WEB_ADDRESS)
    .map((part, i) => (i % 2 === 1 ? part : typesetProse(part)))
    .join('');
}

function typesetProse(text: string): string {
  let out = typograf().execute(text);
  out = out.replace(PHONE, (phone) => phone.replace(/ /g, NBSP));
  out = out.replace(NUMBER_RANGE, '$1–$2');
  out = out.replace(SHORT_WORD_AT_END, `$1$2${NBSP}`);
  return out;
}

/** Every string value of a JSON-like value typeset (CMS sections, seed records); other values kept. */
export function typesetDeep<T>(value: T): T {
  if (typeof value === 'string') return typeset(value) as T;
  if (Array.isArray(value)) return value.map(typesetDeep) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) out[key] = typesetDeep(inner);
    return out as T;
  }
  return value;
}

const ENTITY =
  /&(?:#(\d+)|#x([0-9a-f]+)|(amp|lt|gt|quot|apos|nbsp|laquo|raquo|mdash|ndash|hellip));/gi;
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/** Thrown when a text node holds an entity for a code point that does not exist. */
class UnknownEntity extends Error {}

/**
 * A text node's source as the browser reads it (the entities of ENTITY decoded; typograf reads
 * other named ones); throws `UnknownEntity` for a code point that does not exist.
 */
export function decodeEntities(html: string): string {
  if (!html.includes('&')) return html;
  return html.replace(ENTITY, (entity, dec?: string, hex?: string, name?: string) => {
    const code = dec ? Number(dec) : hex ? Number.parseInt(hex, 16) : null;
    if (code !== null) {
      if (code > 0x10ffff) throw new UnknownEntity();
      return String.fromCodePoint(code);
    }
    return NAMED[(name ?? '').toLowerCase()] ?? entity;
  });
}

/** Text back into HTML: only what a text node must escape. */
export function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The typeset form of a text node's HTML; the node unchanged (same string) when typesetting
 * changes nothing, so most nodes are written through as they came.
 */
export function typesetTextHtml(html: string): string {
  let text: string;
  try {
    text = decodeEntities(html);
  } catch (error) {
    // Left as written rather than breaking the page's stream.
    if (error instanceof UnknownEntity) return html;
    throw error;
  }
  const out = typeset(text);
  return out === text ? html : escapeText(out);
}

/**
 * A fragment of HTML (an e-mail's body) with the text between its tags typeset; the tags and
 * their attributes are left as they are.
 * @example typesetMarkup('<p>Я и ты</p>') // '<p>Я\u00a0и\u00a0ты</p>'
 */
export function typesetMarkup(html: string): string {
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : typesetTextHtml(part)))
    .join('');
}
