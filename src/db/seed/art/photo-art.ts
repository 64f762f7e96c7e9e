import { luminance, mix } from './colour';
import { FALLBACK, GARMENTS, type Garment, type Texture } from './garments';
import { H, W } from './path';
import { dict } from '../../../lib/security/dict';

export interface PhotoArt {
  /** Category key (`biquinis`, `leggings`, …). */
  kind: string;
  colorHex: string;
  /** 1 front, 2 back (or turned), 3 detail close-up. */
  position: number;
}

const TEXTURES: Record<Texture, (ink: string) => string> = dict({
  rib: (ink) => `<path d="M0 2 H6" stroke="${ink}" stroke-width="1.2" opacity=".35"/>`,
  knit: (ink) => `<path d="M0 6 L3 0 L6 6" fill="none" stroke="${ink}" stroke-width=".8" opacity=".3"/>`,
  weave: (ink) => `<path d="M0 0 H3 V3 H0Z M3 3 H6 V6 H3Z" fill="${ink}" opacity=".18"/>`,
  dots: (ink) => `<circle cx="3" cy="3" r="1" fill="${ink}" opacity=".3"/>`,
  straw: (ink) => `<path d="M0 6 L6 0 M-1 1 L1 -1 M5 7 L7 5" stroke="${ink}" stroke-width="1.4" opacity=".4"/>`,
  smooth: () => '',
});

// An integer zoom keeps pattern tiles a whole number of pixels: librsvg is ~20x slower otherwise.
const ZOOM = 3;

const paths = (list: string[] | undefined, attrs: string) =>
  (list ?? []).map((d) => `<path d="${d}" ${attrs}/>`).join('');

/** Studio backdrop that keeps the garment readable: light garments on a darker sand, dark ones on a pale one. */
function backdrop(hex: string, position: number): string {
  const light = luminance(hex) > 0.45;
  const top = light ? mix('#b9b0a3', hex, 0.12) : mix('#f3eee7', hex, 0.1);
  const bottom = mix(top, '#000000', light ? 0.18 : 0.1);
  const [x1, x2] = position === 2 ? [1, 0] : [0, 1];
  const sunX = position === 2 ? 92 : 308;
  return `<defs><linearGradient id="bg" x1="${x1}" y1="0" x2="${x2}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="${sunX}" cy="110" r="74" fill="${mix(top, '#ffffff', 0.45)}" opacity=".7"/>
<path d="M0 470 Q200 440 400 470 V600 H0Z" fill="${bottom}" opacity=".55"/>
<ellipse cx="200" cy="548" rx="130" ry="16" fill="#000" opacity=".12"/>`;
}

/** Visible part of the canvas in the garment's own coordinates (`zoom` about `focus`). */
interface Frame {
  x: number;
  y: number;
  w: number;
  h: number;
}

function garmentSvg(g: Garment, hex: string, view: 'front' | 'back', frame: Frame): string {
  const body = (view === 'back' && g.back?.body) || g.body;
  const seams = view === 'back' && g.back ? g.back.seams : g.seams;
  const straps = view === 'back' && g.back ? (g.back.straps ?? g.straps) : g.straps;
  const dark = luminance(hex) < 0.2;
  const outline = dark ? mix(hex, '#ffffff', 0.22) : mix(hex, '#000000', 0.35);
  const ink = dark ? mix(hex, '#ffffff', 0.4) : mix(hex, '#000000', 0.45);
  const all = body.join(' ');
  return `<defs>
<pattern id="tex" width="6" height="6" patternUnits="userSpaceOnUse">${TEXTURES[g.texture](ink)}</pattern>
<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".28"/></linearGradient>
<clipPath id="cut"><path d="${all}"/></clipPath>
</defs>
${paths(straps, `fill="none" stroke="${outline}" stroke-width="7" stroke-linecap="round"`)}
${paths(straps, `fill="none" stroke="${hex}" stroke-width="4.5" stroke-linecap="round"`)}
<path d="${all}" fill="${hex}" stroke="${outline}" stroke-width="2" stroke-linejoin="round"/>
<g clip-path="url(#cut)">${['tex', 'shade'].map((id) => `<rect x="${frame.x}" y="${frame.y}" width="${frame.w}" height="${frame.h}" fill="url(#${id})"/>`).join('')}</g>
${paths(seams, `fill="none" stroke="${ink}" stroke-width="1.6" stroke-dasharray="5 3" stroke-linecap="round"`)}
${paths(g.accents, `fill="#141821" fill-opacity=".82" stroke="${outline}" stroke-width="1.5"`)}
${paths(g.ribbons, `fill="${g.ribbon ?? ink}" stroke="${outline}" stroke-width="1.2" stroke-linejoin="round"`)}`;
}

/** Deterministic SVG for one product photo: the category's silhouette in the colour, per position. */
export function photoSvg({ kind, colorHex, position }: PhotoArt): string {
  const g = GARMENTS[kind] ?? FALLBACK;
  const [fx, fy] = g.focus;
  // Photo 2 is the back view; objects without one are turned and flipped instead. Photo 3 is a close-up.
  // Fills are sized to what is visible: librsvg rasterises a clipped shape over its full extent.
  const frame =
    position === 3
      ? { x: fx - W / 2 / ZOOM, y: fy - H / 2 / ZOOM, w: W / ZOOM, h: H / ZOOM }
      : { x: 0, y: 0, w: W, h: H };
  const place =
    position === 3
      ? `translate(${W / 2} ${H / 2}) scale(${ZOOM}) translate(${-fx} ${-fy})`
      : position === 2 && !g.back
        ? 'translate(400 0) scale(-1 1) rotate(-9 200 320)'
        : 'translate(0 0)';
  const view = position === 2 && g.back ? 'back' : 'front';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
${backdrop(colorHex, position)}
<g transform="${place}">${garmentSvg(g, colorHex, view, frame)}</g>
<path d="M356 566 L366 586 L376 566" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="3" stroke-linejoin="round"/>
</svg>`;
}
