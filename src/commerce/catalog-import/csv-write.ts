// Writing RFC 4180 CSV (the export and the row-error report).
/** One CSV field: quoted when it holds a comma, a quote, a line break or leading/trailing spaces. */
export function csvField(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Records as CSV text (CRLF line ends, as RFC 4180 says). */
export function writeCsv(rows: (string | number | null)[][]): string {
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection guidance: one starting with =, +, -, @, tab or
 * CR) gets a leading apostrophe, shown by spreadsheets as plain text. A value already starting with apostrophes
 * before such a character gets one more, so `unneutralizeFormula` can take exactly one back: export → import is the identity.
 */
const FORMULA = /^'*[=+\-@\t\r]/;
export function neutralizeFormula(value: string | number | null): string | number | null {
  return typeof value === 'string' && FORMULA.test(value) ? `'${value}` : value;
}

/** What `neutralizeFormula` wrote, back to the value: one leading apostrophe off a neutralized cell, nothing else. */
export function unneutralizeFormula(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
