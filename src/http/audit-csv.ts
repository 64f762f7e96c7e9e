import type { AuditEntryView } from '../contracts/staff';
import { storeDay } from '../lib/format/dates';

/** Columns of the audit log's CSV export (pt-BR headers, as the page shows them). */
const HEADER = [
  'id',
  'data',
  'pessoa_id',
  'pessoa_email',
  'acao',
  'entidade',
  'entidade_id',
  'antes',
  'depois',
  'request_id',
];

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma, semicolon or line break, quotes doubled. A cell a
 * spreadsheet would read as a formula (starting with = + - @, or a tab/CR before one) gets a leading `'` first.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => cells.map(csvCell).join(',');

/** The export: a BOM (spreadsheets then read UTF-8), the header and one line per row, CRLF-terminated. */
export function auditCsv(entries: AuditEntryView[]): string {
  const lines = entries.map((e) =>
    csvLine([
      e.id,
      e.createdAt,
      e.staffId,
      e.staffEmail,
      e.action,
      e.entity,
      e.entityId,
      e.before,
      e.after,
      e.requestId,
    ]),
  );
  return `\uFEFF${[csvLine(HEADER), ...lines].map((l) => `${l}\r\n`).join('')}`;
}

/** Named after the store's day (São Paulo), as the page's dates are. */
export const auditCsvFilename = (now: Date) => `auditoria-${storeDay(now)}.csv`;
