/** `12-13` → [12, 13]; null unless 1–20 positive ids. */
export function parseOrderIds(text: string): number[] | null {
  if (!/^\d{1,12}(?:-\d{1,12}){0,19}$/.test(text)) return null;
  const ids = text.split('-').map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? [...new Set(ids)] : null;
}
