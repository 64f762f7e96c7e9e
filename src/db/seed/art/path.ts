/** Canvas of every product artwork: 2:3, like the spec's variants (80x120 … 1000x1500). */
export const W = 400;
export const H = 600;

type Point = [number, number];
interface Segment {
  cmd: 'L' | 'Q' | 'C';
  points: Point[];
}

function parse(d: string): { start: Point; segments: Segment[] } {
  const tokens = d.match(/[MLQC]|-?\d*\.?\d+/g) ?? [];
  const segments: Segment[] = [];
  let start: Point | null = null;
  let i = 0;
  while (i < tokens.length) {
    const cmd = tokens[i++]!;
    const arity = cmd === 'M' || cmd === 'L' ? 1 : cmd === 'Q' ? 2 : cmd === 'C' ? 3 : -1;
    if (arity < 0) throw new Error(`sym(): unsupported command ${cmd} in "${d}"`);
    const points: Point[] = [];
    for (let k = 0; k < arity; k++) points.push([Number(tokens[i++]), Number(tokens[i++])]);
    if (cmd === 'M') start = points[0]!;
    else segments.push({ cmd: cmd as Segment['cmd'], points });
  }
  if (!start) throw new Error(`sym(): path must start with M: "${d}"`);
  return { start, segments };
}

const fmt = ([x, y]: Point) => `${+x.toFixed(1)} ${+y.toFixed(1)}`;
const flip = ([x, y]: Point): Point => [W - x, y];

/**
 * A closed, left-right symmetric shape from its left half: `half` starts and ends on the centre line
 * (absolute M/L/Q/C only); the right half is the mirror image, walked back to the start.
 */
export function sym(half: string): string {
  const { start, segments } = parse(half);
  const ends = [start, ...segments.map((s) => s.points.at(-1)!)];
  const back = segments
    .map((s, i) => {
      const controls = s.points.slice(0, -1).reverse().map(flip);
      return `${s.cmd}${[...controls, flip(ends[i]!)].map(fmt).join(' ')}`;
    })
    .reverse();
  return `M${fmt(start)} ${segments.map((s) => s.cmd + s.points.map(fmt).join(' ')).join(' ')} ${back.join(' ')} Z`;
}

/** The same open or closed path mirrored across the centre line (absolute M/L/Q/C only). */
export function mirror(d: string): string {
  const { start, segments } = parse(d);
  const closed = /Z\s*$/.test(d) ? ' Z' : '';
  return `M${fmt(flip(start))} ${segments.map((s) => s.cmd + s.points.map((p) => fmt(flip(p))).join(' ')).join(' ')}${closed}`;
}

/** A path and its mirror image, for paired details (stitching, straps, pockets). */
export const both = (d: string): string[] => [d, mirror(d)];
