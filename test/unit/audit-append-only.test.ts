import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/http/audit-csv';

/** Every file under src/ (code, SQL migrations, seeds). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}
const SOURCES = files('src').map((path) => ({ path, text: readFileSync(path, 'utf8') }));

describe('the audit log is append-only (ADR 0028)', () => {
  it('no code path in src/ updates, deletes, replaces or drops it', () => {
    const writes =
      /\b(UPDATE\s+(OR\s+\w+\s+)?["`]?audit_log\b|DELETE\s+FROM\s+["`]?audit_log\b|REPLACE\s+INTO\s+["`]?audit_log\b|INSERT\s+OR\s+REPLACE\s+INTO\s+["`]?audit_log\b|DROP\s+(TABLE|TRIGGER)\s+(IF\s+EXISTS\s+)?["`]?audit_log|ALTER\s+TABLE\s+["`]?audit_log\b)/i;
    const offenders = SOURCES.filter((f) => writes.test(f.text)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('the grep above would catch one (the pattern is not vacuous)', () => {
    const writes = /\b(UPDATE\s+(OR\s+\w+\s+)?["`]?audit_log\b|DELETE\s+FROM\s+["`]?audit_log\b)/i;
    expect(writes.test("db.prepare('UPDATE audit_log SET action = ?')")).toBe(true);
    expect(writes.test('DELETE FROM audit_log WHERE id = 1')).toBe(true);
    expect(writes.test('CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log')).toBe(false);
  });

  it('only the audit repo and the migration that creates it name the table in src/', () => {
    const naming = SOURCES.filter((f) => /\baudit_log\b/.test(f.text))
      .map((f) => f.path.replace(/\\/g, '/'))
      .sort();
    expect(naming).toEqual(['src/commerce/audit/repo.ts', 'src/db/migrations/0030_create_staff_and_audit.sql']);
  });

  it('the migration guards the table with triggers that RAISE on UPDATE and DELETE', () => {
    const sql = SOURCES.find((f) => f.path.endsWith('0030_create_staff_and_audit.sql'))!.text;
    expect(sql).toMatch(/BEFORE UPDATE ON audit_log\s+BEGIN\s+SELECT RAISE\(ABORT/);
    expect(sql).toMatch(/BEFORE DELETE ON audit_log\s+BEGIN\s+SELECT RAISE\(ABORT/);
  });
});

describe('csvCell', () => {
  it('quotes what needs quoting and doubles quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('semi;colon')).toBe('"semi;colon"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    for (const cell of ['=1+1', '+1', '-1', '@SUM(A1)', '\t=1', '\r=1'])
      expect(csvCell(cell).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('a=1')).toBe('a=1');
  });
});
