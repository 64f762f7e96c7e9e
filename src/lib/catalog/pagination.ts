/** Page numbers to link, with `null` for a gap: first, last, and `radius` pages around the current one. */
export function pageWindow(page: number, pages: number, radius = 1): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    // A gap of exactly one page is shown as that page: "1 2 3" reads better than "1 … 3".
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

/** 1-based positions of the first and last product on a page ("24 de 124"). */
export function pageRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  return { from: (page - 1) * perPage + 1, to: Math.min(total, page * perPage) };
}
