import type { AuditQuery } from '../../contracts/staff';
import { AUDIT_PAGE_SIZE } from '../../contracts/staff';
import { storeDayEnd, storeDayStart } from '../../lib/format/dates';
import { AUDIT_EXPORT_LIMIT, type AuditEntry, type AuditRow } from './types';

/**
 * The audit log (ADR 0028): one row per back-office mutation, appended in the SAME D1 batch as the mutation
 * it records, so the two are written together or not at all. Append-only: this file holds the only SQL that touches
 * `audit_log`, and it only inserts and reads (the table's triggers refuse UPDATE and DELETE).
 */
export { AUDIT_EXPORT_LIMIT, type AuditEntry, type AuditRow } from './types';

const INSERT = `INSERT INTO audit_log (staff_id, staff_email, action, entity, entity_id, before_json, after_json, request_id)`;
const json = (value: Record<string, unknown> | null) => (value === null ? null : JSON.stringify(value));
const values = (e: AuditEntry) => [
  e.staffId,
  e.staffEmail,
  e.action,
  e.entity,
  e.entityId,
  json(e.before),
  json(e.after),
  e.requestId,
];

/** The audit row of a mutation, for the mutation's own `db.batch([...])`. */
export function auditStatement(db: D1Database, entry: AuditEntry): D1PreparedStatement {
  return db.prepare(`${INSERT} VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)`).bind(...values(entry));
}

/**
 * The audit row of a mutation whose guarded statement may change nothing without aborting the batch: placed
 * right after that statement, it is written only when that statement changed a row (SQLite's `changes()`
 * is the count of the batch's previous statement).
 */
export function auditStatementIfChanged(db: D1Database, entry: AuditEntry): D1PreparedStatement {
  return db.prepare(`${INSERT} SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8 WHERE changes() > 0`).bind(...values(entry));
}

/**
 * The audit row of an accepted staff invitation, whose staff id is known only inside its batch (a new account):
 * written for the invitation that batch marked used (`stamp`). The new staff member is the one who acted.
 */
export function auditInviteAcceptedStatement(
  db: D1Database,
  accepted: { tokenHash: string; stamp: string; requestId: string },
): D1PreparedStatement {
  return db
    .prepare(
      `${INSERT} SELECT c.id, c.email, 'staff.accept', 'staff', CAST(c.id AS TEXT), NULL,
              json_object('role', i.role, 'active', 1), ?3
         FROM staff_invites i JOIN customers c ON c.email = i.email WHERE i.token_hash = ?1 AND i.used_at = ?2`,
    )
    .bind(accepted.tokenHash, accepted.stamp, accepted.requestId);
}

/** Reads of the audit log: the filtered page, the CSV export's rows and the entities it names. */
// The person is a staff id when the value is all digits (the filter asks for "E-mail ou nº"), else part of an e-mail.
const WHERE = `(?1 IS NULL OR entity = ?1)
  AND (?2 IS NULL OR CASE WHEN ?2 NOT GLOB '*[^0-9]*' THEN CAST(staff_id AS TEXT) = ?2
       ELSE instr(lower(staff_email), lower(?2)) > 0 END)
  AND (?3 IS NULL OR created_at >= ?3) AND (?4 IS NULL OR created_at < ?4)`;

/** `from` and `to` are the store's days (São Paulo, as the page shows times): `to` takes rows before the next day's start. */
function params(query: AuditQuery): unknown[] {
  return [
    query.entity ?? null,
    query.staff ?? null,
    query.from ? storeDayStart(query.from) : null,
    query.to ? storeDayEnd(query.to) : null,
  ];
}

/** The audit log for a service: its reads, and the row builders bound to the database (services never hold it). */
export function auditRepo(db: D1Database) {
  return {
    ...auditReads(db),
    statement: (entry: AuditEntry) => auditStatement(db, entry),
    statementIfChanged: (entry: AuditEntry) => auditStatementIfChanged(db, entry),
    inviteAccepted: (accepted: { tokenHash: string; stamp: string; requestId: string }) =>
      auditInviteAcceptedStatement(db, accepted),
  };
}
export type AuditRepo = ReturnType<typeof auditRepo>;

function auditReads(db: D1Database) {
  const COLUMNS =
    'id, staff_id, staff_email, action, entity, entity_id, before_json, after_json, request_id, created_at';
  return {
    async page(query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
      const [rows, total] = await db.batch([
        db
          .prepare(`SELECT ${COLUMNS} FROM audit_log WHERE ${WHERE} ORDER BY id DESC LIMIT ?5 OFFSET ?6`)
          .bind(...params(query), AUDIT_PAGE_SIZE, (query.page - 1) * AUDIT_PAGE_SIZE),
        db.prepare(`SELECT count(*) AS n FROM audit_log WHERE ${WHERE}`).bind(...params(query)),
      ]);
      return { rows: rows!.results as AuditRow[], total: (total!.results[0] as { n: number }).n };
    },
    async all(query: AuditQuery): Promise<AuditRow[]> {
      const { results } = await db
        .prepare(`SELECT ${COLUMNS} FROM audit_log WHERE ${WHERE} ORDER BY id DESC LIMIT ?5`)
        .bind(...params(query), AUDIT_EXPORT_LIMIT)
        .all<AuditRow>();
      return results;
    },
    /** The entities the log names, for the page's filter. */
    async entities(): Promise<string[]> {
      const { results } = await db
        .prepare('SELECT DISTINCT entity FROM audit_log ORDER BY entity')
        .all<{ entity: string }>();
      return results.map((r) => r.entity);
    },
  };
}
