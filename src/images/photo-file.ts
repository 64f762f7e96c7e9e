/**
 * An uploaded product photo's format and size, read from its header (ADR 0032): JPEG, PNG or WebP only,
 * whatever the file's name or the browser's Content-Type say. Nothing here decodes pixels.
 */
export interface PhotoHeader {
  type: 'image/jpeg' | 'image/png' | 'image/webp';
  /** The extension its files take (original and variants keep the format). */
  ext: 'jpg' | 'png' | 'webp';
  width: number;
  height: number;
}

/** The smallest photo the storefront takes: either side below it is refused. */
export const MIN_PHOTO_SIDE = 500;

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));

function png(b: Uint8Array): PhotoHeader | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || signature.some((v, i) => b[i] !== v) || ascii(b, 12, 4) !== 'IHDR') return null;
  return { type: 'image/png', ext: 'png', width: u32be(b, 16), height: u32be(b, 20) };
}

/** The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) holds the size. */
function jpeg(b: Uint8Array): PhotoHeader | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { type: 'image/jpeg', ext: 'jpg', height: u16be(b, i + 5), width: u16be(b, i + 7) };
    if (marker === 0xd9 || marker === 0xda) return null;
    i += marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7) ? 2 : 2 + u16be(b, i + 2);
  }
  return null;
}

function webp(b: Uint8Array): PhotoHeader | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  const at = (width: number, height: number): PhotoHeader => ({ type: 'image/webp', ext: 'webp', width, height });
  if (chunk === 'VP8 ') return at((b[26]! | (b[27]! << 8)) & 0x3fff, (b[28]! | (b[29]! << 8)) & 0x3fff);
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const [b0, b1, b2, b3] = [b[21]!, b[22]!, b[23]!, b[24]!];
    return at(1 + (((b1 & 0x3f) << 8) | b0), 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)));
  }
  if (chunk === 'VP8X') return at(1 + u24le(b, 24), 1 + u24le(b, 27));
  return null;
}

/** The photo's format and size from its first bytes, or null when it is not a JPEG, PNG or WebP. */
export function photoHeader(bytes: Uint8Array): PhotoHeader | null {
  return png(bytes) ?? jpeg(bytes) ?? webp(bytes);
}
