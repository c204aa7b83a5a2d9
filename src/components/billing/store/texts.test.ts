import { describe, expect, it } from 'vitest';
import { typeset } from '../../../../functions/lib/typeset.ts';
import { storeTexts } from './texts.ts';

/** Every text of the storefront's pages is written typeset, parameters filled in. */
function strings(value: unknown, path: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, (_, i) =>
      i === 1 ? 31 : '2\u00a0198\u00a0₽',
    );
    strings(value(...args), `${path}(…)`, out);
  } else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, out);
  return out;
}

describe('texts of the storefront’s pages', () => {
  it('are already typeset', () => {
    const loose = strings(storeTexts, 'storeTexts', [])
      .filter(([, text]) => typeset(text) !== text)
      .map(([path, text]) => `${path}: ${typeset(text).replace(/\u00a0/g, '⍽')}`);
    expect(loose).toEqual([]);
  });
});
