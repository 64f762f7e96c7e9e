import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/lib/security/safe-path';
import { HOSTILE_REDIRECTS, OWN_REDIRECTS } from './redirect-payloads';

const ORIGINS = ['http://localhost', 'https://www.vitrine.com.br', 'http://127.0.0.1:8810'];

/** Where a browser on `origin` would land after `Location: target`. */
const landing = (target: string, origin: string) => new URL(target, origin);

describe('safeRedirect (the one redirect-target rule, server and browser)', () => {
  it('has a matrix of at least 30 hostile payloads', () => {
    expect(HOSTILE_REDIRECTS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(ORIGINS)('never leaves %s, and gives no control character or backslash back', (origin) => {
    for (const payload of HOSTILE_REDIRECTS) {
      const target = safeRedirect(payload, '/minha-conta', origin);
      expect(landing(target, origin).origin, JSON.stringify(payload)).toBe(origin);
      expect(target, JSON.stringify(payload)).toMatch(/^\/(?![/\\])/);
      expect(target, JSON.stringify(payload)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
    }
  });

  it('falls back for each hostile payload that is not a plain path', () => {
    for (const payload of HOSTILE_REDIRECTS) {
      const target = safeRedirect(payload, '/fallback', 'http://localhost');
      // The only hostile-looking inputs kept are plain paths a browser resolves on this origin.
      if (target !== '/fallback')
        expect(landing(payload, 'http://localhost').origin, JSON.stringify(payload)).toBe('http://localhost');
    }
  });

  it.each(OWN_REDIRECTS)('keeps the own path %s (as %s)', (input, expected) => {
    for (const origin of ORIGINS) expect(safeRedirect(input, '/x', origin)).toBe(expected);
  });

  it('falls back for missing, empty, overlong and non-string targets and a bad origin', () => {
    expect(safeRedirect(null)).toBe('/minha-conta');
    expect(safeRedirect(undefined, '/sacola')).toBe('/sacola');
    expect(safeRedirect('')).toBe('/minha-conta');
    expect(safeRedirect('/' + 'a'.repeat(2100))).toBe('/minha-conta');
    expect(safeRedirect(42 as unknown as string)).toBe('/minha-conta');
    expect(safeRedirect('/ok', '/x', 'not an origin')).toBe('/x');
  });
});
