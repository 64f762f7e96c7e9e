import { describe, expect, it } from 'vitest';
import { GARMENTS } from '../../src/db/seed/art/garments';
import { mirror, sym } from '../../src/db/seed/art/path';
import { photoSvg } from '../../src/db/seed/art/photo-art';
import { COLORS } from '../../src/db/seed/catalog-data';
import { CATEGORIES } from '../../src/db/seed/category-data';
import { photoFile, photoKind } from '../../src/db/seed/photos';

describe('photo artwork', () => {
  it('draws every seeded category (and the gifts) with its own silhouette', () => {
    const kinds = [...CATEGORIES.map((c) => photoKind(c.slug)), 'brindes'];
    expect(kinds.filter((k) => !GARMENTS[k])).toEqual([]);
  });

  it('names photos <category key>-<colour slug>-<n>.webp', () => {
    expect(photoFile('fitness/leggings', 'preto', 2)).toBe('leggings-preto-2.webp');
    expect(photoFile('acessorios/brindes', 'off-white', 1)).toBe('brindes-off-white-1.webp');
  });

  it('is deterministic, uses the colour, and differs by position', () => {
    const hex = COLORS.find((c) => c.slug === 'coral')!.hex;
    const [front, back, detail] = [1, 2, 3].map((position) => photoSvg({ kind: 'biquinis', colorHex: hex, position }));
    expect(photoSvg({ kind: 'biquinis', colorHex: hex, position: 1 })).toBe(front);
    expect(new Set([front, back, detail]).size).toBe(3);
    expect(front).toContain(`fill="${hex}"`);
    expect(front).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="400" height="600"/);
  });

  it('never emits NaN or undefined into the SVG', () => {
    for (const kind of Object.keys(GARMENTS)) {
      for (const position of [1, 2, 3]) {
        expect(photoSvg({ kind, colorHex: '#1d1d1d', position })).not.toMatch(/NaN|undefined/);
      }
    }
  });

  it('sym() closes a left half with its mirror image; mirror() flips x about the centre', () => {
    expect(sym('M200 0 L100 50 Q100 100 200 100')).toBe('M200 0 L100 50 Q100 100 200 100 Q300 100 300 50 L200 0 Z');
    expect(mirror('M10 5 L20 6')).toBe('M390 5 L380 6');
    expect(mirror('M10 5 L20 6 Z')).toBe('M390 5 L380 6 Z');
  });
});
