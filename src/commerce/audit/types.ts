/** The audit log's shapes (ADR 0028); its SQL is in repo.ts. */
/** One back-office mutation as the audit log records it: `auditStatement(db, entry)` in the mutation's batch. */
export interface AuditEntry {
  staffId: number;
  staffEmail: string;
  /** What was done, `entity.verb` (e.g. `order.status`, `staff.invite`). */
  action: string;
  /** What kind of record (e.g. `order`, `exchange`, `staff`, `product`). */
  entity: string;
  entityId: string;
  /** The changed fields before the change (null for a creation). */
  before: Record<string, unknown> | null;
  /** The changed fields after the change (null for a removal). */
  after: Record<string, unknown> | null;
  /** The request's id (the request log's, ADR 0020). */
  requestId: string;
}

export interface AuditRow {
  id: number;
  staff_id: number;
  staff_email: string;
  action: string;
  entity: string;
  entity_id: string;
  before_json: string | null;
  after_json: string | null;
  request_id: string;
  created_at: string;
}

/** At most this many rows go into one CSV export (the newest first); the page says so when it cuts. */
export const AUDIT_EXPORT_LIMIT = 10_000;
