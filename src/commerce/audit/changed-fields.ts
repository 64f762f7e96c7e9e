type Fields = Record<string, unknown>;

/** The fields whose value differs, before and after (an audit row's), over the keys of `after`; a new record has no before. */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields };
export function changedFields(before: Fields | null, after: Fields): { before: Fields | null; after: Fields };
export function changedFields(before: Fields | null, after: Fields): { before: Fields | null; after: Fields } {
  if (!before) return { before: null, after };
  const b: Fields = {};
  const a: Fields = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    b[key] = before[key];
    a[key] = after[key];
  }
  return { before: b, after: a };
}
