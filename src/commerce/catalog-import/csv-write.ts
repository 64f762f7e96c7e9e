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
