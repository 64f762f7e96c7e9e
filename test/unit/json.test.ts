import { describe, expect, it } from 'vitest';
import { jsonForHtml } from '../../src/lib/security/json';

const NASTY = {
  text: '</script><script>alert(1)</script><!-- <b>ok</b> & &amp; >',
  separators: 'line\u2028paragraph\u2029end',
  nested: [{ html: '<img src=x onerror=alert(2)>' }, null, 3.5, true],
  unicode: 'Biquíni 👙 maiô',
  quotes: `"double" 'single' \\backslash`,
};

describe('jsonForHtml', () => {
  const out = jsonForHtml(NASTY);

  it('leaves no <, > or & raw', () => {
    expect(out).not.toMatch(/[<>&]/);
    expect(out).toContain('\\u003c/script\\u003e');
    expect(out).toContain('\\u0026amp;');
  });

  it('escapes U+2028 and U+2029', () => {
    expect(out).not.toMatch(/[\u2028\u2029]/);
    expect(out).toContain('\\u2028');
    expect(out).toContain('\\u2029');
  });

  it('round-trips through JSON.parse', () => {
    expect(JSON.parse(out)).toEqual(NASTY);
  });

  it('is also a valid JavaScript expression with the same value', () => {
    expect(new Function(`return ${out};`)()).toEqual(NASTY);
  });

  it('handles plain values', () => {
    expect(jsonForHtml('a<b')).toBe('"a\\u003cb"');
    expect(jsonForHtml(42)).toBe('42');
    expect(jsonForHtml(null)).toBe('null');
    expect(JSON.parse(jsonForHtml({}))).toEqual({});
  });
});
