/**
 * RFC 4180 CSV, pure (the catalog import/export): quoted fields with doubled quotes, commas and line breaks
 * inside quotes, CRLF or LF line ends, a UTF-8 BOM at the start ignored, a last line with or without its break.
 * A quote that never closes, or text right after a closing quote, is an error naming the line (pt-BR).
 */
export class CsvError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'CsvError';
  }
}

/** The records of a CSV text; each record's `line` is the line it starts on (1-based, the header is line 1). */
export function parseCsv(input: string): { fields: string[]; line: number }[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const out: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let i = 0;
  let quoted = false;
  let afterQuote = false;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record (RFC 4180 allows none; spreadsheets leave them).
    if (!(fields.length === 1 && fields[0] === '')) out.push({ fields, line: start });
    fields = [];
    field = '';
    afterQuote = false;
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        afterQuote = true;
      } else {
        if (ch === '\n') line += 1;
        field += ch;
      }
      i += 1;
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      afterQuote = false;
    } else if (ch === '\r' || ch === '\n') {
      endRecord();
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      start = line;
    } else if (ch === '"' && field === '' && !afterQuote) {
      quoted = true;
    } else if (afterQuote) {
      throw new CsvError(
        `Linha ${line}: texto depois de aspas que fecham o campo. Use "" para aspas dentro de um campo.`,
        line,
      );
    } else {
      field += ch;
    }
    i += 1;
  }
  if (quoted) throw new CsvError(`Linha ${start}: aspas abertas e nunca fechadas.`, start);
  if (field !== '' || fields.length > 0 || afterQuote) endRecord();
  return out;
}

export { csvField, neutralizeFormula, unneutralizeFormula, writeCsv } from './csv-write';
