import { describe, expect, it } from 'vitest';
import { typeset } from '../../functions/lib/typeset.ts';
import { SOCIAL_LABELS } from '../../functions/shared/social-labels.ts';
import { authTexts } from './auth/texts.ts';
import * as store from './billing/store/texts.ts';
import * as my from './my/texts.ts';
import * as pin from './pin/texts.ts';
import * as player from './player/texts.ts';
import * as profiles from './profiles/texts.ts';
import * as search from './search/texts.ts';

/**
 * Islands render their words in the browser, where the page's typographic step
 * (functions/middleware/typeset-html.ts) does not reach and typograf is not shipped: their texts
 * are written typeset at the source. A text with a parameter is checked with a sample filled in.
 */
function strings(value: unknown, path: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, () => 'Анна');
    try {
      strings(value(...args), `${path}(…)`, out);
    } catch {}
  } else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, out);
  return out;
}

describe('texts of islands', () => {
  it('are already typeset', () => {
    const all = strings(
      { authTexts, my, pin, player, profiles, search, store, SOCIAL_LABELS },
      'texts',
      [],
    );
    const loose = all
      .filter(([, text]) => typeset(text) !== text)
      .map(([path, text]) => `${path}: ${JSON.stringify(typeset(text))}`);
    expect(loose).toEqual([]);
  });
});
