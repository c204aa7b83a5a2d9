import { describe, expect, it } from 'vitest';
import { accountBillingTexts } from '../../../../functions/domains/billing/index.ts';
import { typeset } from '../../../../functions/lib/typeset.ts';
import { accountPageTexts } from './texts.ts';

/** Every text of the account's billing pages and API is written typeset, parameters filled in. */
function strings(value: unknown, path: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([path, value]);
  else if (typeof value === 'function') {
    const args = Array.from({ length: value.length }, () => 'Амедиатека');
    strings(value(...args), `${path}(…)`, out);
  } else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) strings(inner, `${path}.${key}`, out);
  return out;
}

describe('texts of the account’s billing pages', () => {
  it('are already typeset', () => {
    const all = strings({ accountPageTexts, accountBillingTexts }, 'texts', []);
    const loose = all
      .filter(([, text]) => typeset(text) !== text)
      .map(([path, text]) => `${path}: ${typeset(text).replace(/\u00a0/g, '⍽')}`);
    expect(loose).toEqual([]);
  });
});
