/** Strips accents (spec §5: the search term is accent-free before searching). */
export function stripAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC');
}

/** Accent- and case-folded form for matching. */
export function foldText(text: string): string {
  return stripAccents(text).toLowerCase().trim().replace(/\s+/g, ' ');
}

/** "1 dia útil", "4 dias úteis". */
export const businessDaysLabel = (n: number) => `${n} ${n === 1 ? 'dia útil' : 'dias úteis'}`;
