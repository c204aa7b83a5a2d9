import { describe, expect, it } from 'vitest';
import { qrSvg } from './qr.ts';

describe('the SBP QR code', () => {
  it('is drawn as SVG on the server, larger for a longer payload', () => {
    const short = qrSvg('https://qr.nspk.ru/AS1');
    const long = qrSvg(`https://qr.nspk.ru/${'A'.repeat(120)}`);
    expect(short).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    const side = (svg: string) => Number(/viewBox="0 0 (\d+)/.exec(svg)![1]);
    expect(side(long)).toBeGreaterThan(side(short));
  });
});
