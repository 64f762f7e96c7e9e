import { encode } from 'uqr';

/** The Pix QR as a compact SVG: one unit per module, dark runs of a row merged into one path segment. */
export function pixQrSvg(payload: string): string {
  const { size, data } = encode(payload, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) => {
    for (let x = 0; x < size; x++) {
      if (!row[x]) continue;
      let end = x;
      while (end + 1 < size && row[end + 1]) end++;
      path += `M${x} ${y}h${end - x + 1}v1H${x}z`;
      x = end;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img" aria-label="QR Code Pix"><rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${path}"/></svg>`;
}
