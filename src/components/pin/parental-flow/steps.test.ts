import { describe, expect, it } from 'vitest';
import { ageSuffix, isDeadCode, PARENTAL_STEPS, stepHref, stepOf } from './steps.ts';

const page = 'https://site.test/settings/parental';

describe('the parental flow’s steps', () => {
  it('reads the step from the address, and anything else is the overview', () => {
    for (const step of PARENTAL_STEPS) expect(stepOf(`${page}?step=${step}`)).toBe(step);
    expect(stepOf(page)).toBe('overview');
    expect(stepOf(`${page}?step=overview`)).toBe('overview');
    expect(stepOf(`${page}?step=admin`)).toBe('overview');
    expect(stepOf(`${page}?step=`)).toBe('overview');
  });

  it('writes a step into the address, keeping the rest, and takes it out for the overview', () => {
    expect(stepHref(page, 'age')).toBe(`${page}?step=age`);
    expect(stepHref(`${page}?step=age&from=menu`, 'change')).toBe(`${page}?step=change&from=menu`);
    expect(stepHref(`${page}?step=age&from=menu`, 'overview')).toBe(`${page}?from=menu`);
    expect(stepHref(`${page}?step=age`, 'overview')).toBe(page);
  });

  it('knows a code that can no longer work', () => {
    for (const reason of ['code_missing', 'code_expired', 'code_attempts_exceeded'])
      expect(isDeadCode(reason)).toBe(true);
    expect(isDeadCode('code_invalid')).toBe(false);
    expect(isDeadCode(null)).toBe(false);
    expect(isDeadCode(undefined)).toBe(false);
  });

  it('shows the age limit after the status only while control is on', () => {
    expect(ageSuffix('Enabled', 16)).toBe(' · 16+');
    expect(ageSuffix('Disabled', 16)).toBe('');
    expect(ageSuffix('Undefined', 18)).toBe('');
  });
});
