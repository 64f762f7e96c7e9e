import { both, mirror, sym } from './path';
import { dict } from '../../../lib/security/dict';

export type Texture = 'rib' | 'knit' | 'weave' | 'dots' | 'straw' | 'smooth';

/** One category's artwork on the 400x600 canvas. */
export interface Garment {
  /** Filled shapes, front view (photo 1). */
  body: string[];
  /** Seams, hems, plackets: stroked over the fabric. */
  seams: string[];
  /** Straps and ties: thick strokes in the garment colour. */
  straps?: string[];
  /** Dark fills drawn over the fabric (lenses, labels). */
  accents?: string[];
  /** Ribbons and bows: filled over everything, in `ribbon` or a contrasting shade of the colour. */
  ribbons?: string[];
  ribbon?: string;
  /** Back view (photo 2); objects without a back are turned instead. */
  back?: { body?: string[]; seams: string[]; straps?: string[] };
  /** Where the detail photo (3) zooms in. */
  focus: [number, number];
  texture: Texture;
}

const rect = (x: number, y: number, w: number, h: number, r = 0) =>
  `M${x + r} ${y} L${x + w - r} ${y} Q${x + w} ${y} ${x + w} ${y + r} L${x + w} ${y + h - r} Q${x + w} ${y + h} ${x + w - r} ${y + h} L${x + r} ${y + h} Q${x} ${y + h} ${x} ${y + h - r} L${x} ${y + r} Q${x} ${y} ${x + r} ${y} Z`;
const hLines = (y0: number, y1: number, step: number, x0: number, x1: number) => {
  const out: string[] = [];
  for (let y = y0; y <= y1; y += step) out.push(`M${x0} ${y} L${x1} ${y}`);
  return out;
};

const bikiniCup = 'M194 212 Q168 206 136 210 Q146 168 172 136 Q190 170 194 212 Z';
const bikiniBottom = sym('M200 300 L150 297 Q124 294 108 300 L112 314 Q160 338 180 398 L200 400');
const swimsuit = sym('M200 196 Q176 176 162 128 L148 128 Q138 200 142 252 Q142 302 128 342 Q152 388 186 420 L200 421');
const legging = sym('M200 150 L130 150 L128 176 Q116 262 130 342 Q146 430 156 522 L186 522 Q190 380 200 252');
const bra = sym('M200 204 Q176 198 165 140 L150 138 Q142 184 128 216 L130 268 L200 270');
const shorts = sym('M200 240 L130 240 L128 264 Q116 322 110 384 L180 394 Q188 342 200 322');
const skirt = sym('M200 204 L148 204 L146 226 Q122 362 86 500 Q140 514 200 514');

export const GARMENTS: Record<string, Garment> = dict({
  biquinis: {
    body: [bikiniCup, mirror(bikiniCup), bikiniBottom],
    seams: [...both('M140 206 Q166 202 192 208'), 'M114 310 Q200 336 286 310'],
    straps: [...both('M172 136 L186 84'), ...both('M136 210 L98 214'), ...both('M110 304 L92 330')],
    back: {
      body: [
        sym('M200 296 L150 294 Q122 292 106 298 L110 320 Q130 380 170 402 Q188 408 200 408'),
        sym('M200 200 L120 200 L120 216 L200 216'),
      ],
      seams: ['M106 300 Q200 318 294 300', 'M200 200 L200 216'],
      straps: [...both('M150 200 L178 96'), ...both('M106 300 L88 326')],
    },
    focus: [168, 186],
    texture: 'rib',
  },
  maios: {
    body: [swimsuit],
    seams: [...both('M162 128 Q176 180 200 196'), 'M142 252 Q200 266 258 252', ...both('M128 342 Q154 390 186 418')],
    back: {
      body: [
        sym('M200 330 Q168 312 160 200 L160 128 L148 128 Q138 200 142 252 Q142 302 128 342 Q154 396 190 412 L200 412'),
      ],
      seams: [...both('M160 200 Q168 312 200 330'), ...both('M128 342 Q156 396 190 410')],
    },
    focus: [160, 230],
    texture: 'rib',
  },
  saidas: {
    body: [sym('M200 150 L166 138 Q118 150 70 204 L58 310 L118 312 L124 244 L116 484 Q160 494 200 494')],
    seams: ['M200 150 L200 494', ...both('M166 138 L200 260'), 'M120 284 L280 284', ...both('M62 296 L118 298')],
    back: { seams: ['M160 150 Q200 170 240 150', 'M120 300 L280 300', ...both('M62 296 L118 298')] },
    focus: [200, 284],
    texture: 'weave',
  },
  cangas: {
    body: ['M84 138 L316 126 L324 474 L90 486 Z'],
    seams: [
      'M100 200 Q150 176 200 200 Q250 224 300 196',
      'M104 280 Q154 256 204 280 Q254 304 306 276',
      'M106 360 Q156 336 206 360 Q256 384 310 356',
      ...Array.from(
        { length: 22 },
        (_, i) => `M${94 + i * 10.5} ${485 - i * 0.55} L${93 + i * 10.5} ${508 - i * 0.55}`,
      ),
    ],
    back: { seams: hLines(170, 450, 40, 96, 314) },
    focus: [200, 470],
    texture: 'weave',
  },
  leggings: {
    body: [legging],
    seams: ['M128 176 L272 176', ...both('M136 262 Q150 390 168 520'), ...both('M200 176 L200 252')],
    back: { seams: ['M128 176 L272 176', 'M140 230 Q200 262 260 230', ...both('M136 262 Q150 390 168 520')] },
    focus: [150, 186],
    texture: 'knit',
  },
  tops: {
    body: [bra],
    seams: ['M130 242 L270 242', ...both('M165 140 Q176 198 200 204')],
    back: {
      body: [sym('M200 236 L188 202 L162 138 L148 138 Q146 186 128 216 L130 268 L200 270')],
      seams: ['M130 244 L270 244', ...both('M162 138 L188 202 L200 236')],
    },
    focus: [200, 236],
    texture: 'knit',
  },
  shorts: {
    body: [shorts],
    seams: ['M128 264 L272 264', ...both('M122 290 L112 380'), ...both('M200 264 L200 322')],
    back: { seams: ['M128 264 L272 264', rect(140, 282, 40, 34, 6), rect(220, 282, 40, 34, 6)] },
    focus: [200, 262],
    texture: 'knit',
  },
  macaquinhos: {
    body: [
      sym(
        'M200 204 Q180 192 168 148 L158 148 Q148 198 140 240 Q136 280 142 302 Q128 362 118 412 L182 420 Q190 392 200 382',
      ),
    ],
    seams: ['M142 302 Q200 314 258 302', ...both('M168 148 Q180 192 200 204'), 'M200 204 L200 302'],
    back: { seams: ['M142 302 Q200 314 258 302', 'M156 180 Q200 276 244 180'] },
    focus: [200, 302],
    texture: 'knit',
  },
  jaquetas: {
    body: [sym('M200 132 Q182 132 168 118 L130 132 Q100 140 92 182 L70 402 L106 406 L122 222 L124 424 L200 428')],
    seams: [
      'M200 132 L200 428',
      ...both('M168 118 Q178 150 198 160'),
      ...both(rect(140, 330, 38, 42, 4)),
      ...both('M92 182 Q110 200 122 222'),
    ],
    back: { seams: ['M132 170 Q200 190 268 170', ...both('M92 182 Q110 200 122 222'), 'M124 408 L276 408'] },
    focus: [200, 200],
    texture: 'smooth',
  },
  vestidos: {
    body: [
      sym('M200 180 Q180 174 170 134 L160 134 Q150 190 148 230 Q150 268 160 290 Q120 420 90 522 Q146 534 200 534'),
    ],
    seams: ['M160 290 Q200 298 240 290', 'M170 330 Q150 430 140 520', 'M230 330 Q250 430 260 520', 'M200 300 L200 530'],
    back: { seams: ['M160 290 Q200 298 240 290', 'M200 170 L200 300', ...both('M170 134 L230 230')] },
    focus: [200, 292],
    texture: 'smooth',
  },
  blusas: {
    body: [sym('M200 150 Q184 150 172 128 L130 140 L88 202 L112 230 L128 212 L130 422 Q166 430 200 428')],
    seams: ['M200 150 L200 428', ...both('M172 128 Q182 160 200 168'), ...both('M100 218 L118 200')],
    back: { seams: ['M134 176 Q200 196 266 176', ...both('M100 218 L118 200')] },
    focus: [200, 240],
    texture: 'weave',
  },
  saias: {
    body: [skirt],
    seams: [
      'M146 226 L254 226',
      'M170 226 L140 506',
      'M230 226 L260 506',
      'M200 226 L200 512',
      ...both('M158 226 L112 504'),
    ],
    back: { seams: ['M146 226 L254 226', 'M200 204 L200 300'] },
    focus: [200, 230],
    texture: 'smooth',
  },
  calcas: {
    body: [sym('M200 160 L134 160 L132 186 Q110 340 92 532 L180 532 Q188 380 200 300')],
    seams: [
      'M132 186 L268 186',
      ...both('M136 232 Q150 210 168 196'),
      ...both('M160 250 Q150 400 138 528'),
      'M200 186 L200 300',
    ],
    back: { seams: ['M132 186 L268 186', ...both(rect(144, 210, 40, 40, 4))] },
    focus: [170, 200],
    texture: 'weave',
  },
  conjuntos: {
    body: [
      sym('M200 178 Q180 172 170 130 L158 130 Q140 180 132 214 L134 250 L200 252'),
      sym('M200 290 L148 290 L146 308 Q124 400 104 482 Q150 494 200 494'),
    ],
    seams: ['M134 236 L266 236', 'M146 308 L254 308', 'M176 312 L156 488', 'M224 312 L244 488'],
    back: { seams: ['M134 236 L266 236', 'M146 308 L254 308', 'M200 130 L200 236'] },
    focus: [200, 270],
    texture: 'weave',
  },
  sungas: {
    body: [sym('M200 260 L120 260 L122 288 Q160 322 180 362 L200 364')],
    seams: ['M122 280 L278 280', ...both('M196 280 Q186 300 176 312')],
    back: {
      body: [sym('M200 260 L120 260 L124 292 Q150 360 194 378 L200 378')],
      seams: ['M122 280 L278 280', 'M200 280 L200 376'],
    },
    focus: [200, 280],
    texture: 'rib',
  },
  'bermudas-agua': {
    body: [sym('M200 210 L126 210 L122 236 Q112 330 104 442 L190 450 Q192 362 200 332')],
    seams: [
      'M122 236 L278 236',
      'M200 236 L200 332',
      ...both('M114 300 L106 440'),
      ...both('M190 240 Q184 262 176 270'),
    ],
    back: { seams: ['M122 236 L278 236', ...both(rect(140, 262, 44, 40, 4)), ...both('M114 300 L106 440')] },
    focus: [186, 250],
    texture: 'weave',
  },
  camisetas: {
    body: [sym('M200 152 Q180 152 170 128 L128 142 L80 208 L108 236 L128 214 L130 442 Q166 446 200 446')],
    seams: [...both('M170 128 Q180 162 200 164'), ...both('M88 216 L116 190'), 'M132 430 L268 430'],
    back: { seams: ['M172 130 Q200 140 228 130', ...both('M88 216 L116 190'), 'M132 430 L268 430'] },
    focus: [200, 152],
    texture: 'knit',
  },
  bolsas: {
    body: [sym('M200 250 L98 250 L120 472 Q160 478 200 478')],
    seams: [...hLines(282, 462, 30, 110, 290), ...both('M150 250 L160 476')],
    straps: ['M138 252 Q136 150 200 150 Q264 150 262 252'],
    focus: [200, 330],
    texture: 'straw',
  },
  chapeus: {
    body: [
      'M56 330 Q56 292 200 292 Q344 292 344 330 Q344 372 200 372 Q56 372 56 330 Z',
      sym('M200 196 Q150 198 140 232 L132 322 Q166 336 200 336'),
    ],
    seams: ['M76 336 Q200 372 324 336'],
    ribbons: ['M135 294 Q200 312 265 294 L266 312 Q200 330 134 312 Z'],
    ribbon: '#1d1d1d',
    focus: [200, 300],
    texture: 'straw',
  },
  oculos: {
    body: [sym('M200 262 Q194 250 182 248 L118 248 Q86 250 88 284 Q94 334 142 334 Q184 330 188 286 Q190 276 200 274')],
    accents: [...both('M118 258 L176 258 Q182 262 180 286 Q174 322 142 324 Q100 322 98 284 Q98 262 118 258 Z')],
    straps: [...both('M88 262 L52 254')],
    seams: [],
    focus: [200, 268],
    texture: 'smooth',
  },
  garrafas: {
    body: [sym('M200 106 L178 106 L176 160 L170 176 Q150 186 150 216 L150 480 Q152 502 176 504 L200 504')],
    seams: ['M176 160 L224 160', 'M152 216 L248 216', 'M150 470 L250 470'],
    accents: [rect(150, 292, 100, 70)],
    focus: [200, 180],
    texture: 'smooth',
  },
  'cartao-presente': {
    body: [rect(88, 206, 224, 144, 16)],
    seams: [rect(100, 218, 200, 120, 10)],
    ribbons: [
      rect(232, 206, 16, 144),
      rect(88, 282, 224, 16),
      'M240 290 Q200 250 218 242 Q234 238 240 290 Z',
      'M240 290 Q280 250 262 242 Q246 238 240 290 Z',
    ],
    focus: [240, 290],
    texture: 'smooth',
  },
  meias: {
    body: [
      'M168 118 L232 118 L234 356 Q238 398 272 418 L322 440 Q348 456 338 482 Q326 502 294 494 L198 468 Q164 458 166 418 Z',
    ],
    seams: [...hLines(128, 178, 10, 170, 232), 'M234 380 Q206 410 212 452', 'M300 438 Q286 470 300 496'],
    focus: [200, 150],
    texture: 'rib',
  },
  brindes: {
    body: [rect(110, 266, 180, 206, 6), rect(98, 232, 204, 44, 6)],
    seams: [rect(118, 284, 164, 180, 4)],
    ribbons: [rect(188, 232, 24, 240), ...both('M200 232 Q156 186 146 206 Q144 230 200 232 Z')],
    ribbon: '#b5562f',
    focus: [200, 250],
    texture: 'weave',
  },
});

/** A category without its own drawing (a new menu category) still gets a recognisable box. */
export const FALLBACK: Garment = GARMENTS.brindes!;
