/**
 * A list of ids written with runs of consecutive ids as `first-last` ("100091-100100,100120"), so a listing card's
 * heart carries all its product's item ids in a few bytes of HTML: a product's items are mostly consecutive.
 */
export function idRanges(ids: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < ids.length;) {
    let j = i;
    while (j + 1 < ids.length && ids[j + 1] === ids[j]! + 1) j++;
    parts.push(j === i ? String(ids[i]) : `${ids[i]}-${ids[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** Longest run read back: an id list from the page, never trusted to be small. */
const MAX_RUN = 1000;

/** The ids of `idRanges` text, in order; what is not a positive id or a run of at most 1,000 is skipped. */
export function parseIdRanges(text: string): number[] {
  const ids: number[] = [];
  for (const part of text.split(',')) {
    const m = /^(\d{1,15})(?:-(\d{1,15}))?$/.exec(part.trim());
    if (!m) continue;
    const first = Number(m[1]);
    const last = m[2] === undefined ? first : Number(m[2]);
    if (first < 1 || last < first || last - first >= MAX_RUN) continue;
    for (let id = first; id <= last; id++) ids.push(id);
  }
  return ids;
}
