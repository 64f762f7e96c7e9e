-- Staff, roles and the audit log (ADR 0028). A staff member is a customer account (same login, sessions
-- and limits) with a row here; the role decides the permissions (src/commerce/staff/permissions.ts). Replaces
-- customers.super_user, which stays in the table but is no longer read: every super user becomes a `dono`.
CREATE TABLE staff (
  customer_id INTEGER PRIMARY KEY NOT NULL REFERENCES customers (id),
  role TEXT NOT NULL CHECK (role IN ('dono', 'catalogo', 'operacoes', 'marketing')),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  invited_by INTEGER REFERENCES customers (id),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX staff_active_role ON staff (active, role);

INSERT INTO staff (customer_id, role) SELECT id, 'dono' FROM customers WHERE super_user = 1;

-- An invitation by e-mail: only the SHA-256 (hex) of the link's token is stored; single use, expiring.
CREATE TABLE staff_invites (
  token_hash TEXT PRIMARY KEY NOT NULL CHECK (length(token_hash) = 64),
  email TEXT NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 200),
  role TEXT NOT NULL CHECK (role IN ('dono', 'catalogo', 'operacoes', 'marketing')),
  invited_by INTEGER NOT NULL REFERENCES customers (id),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX staff_invites_by_email ON staff_invites (email, used_at);

-- One row per back-office mutation, written in the mutation's own batch (src/commerce/audit/repo.ts). Append-only:
-- no code path updates or deletes it, and the triggers below refuse it to any SQL that tries. No foreign keys:
-- the row outlives whatever it names.
CREATE TABLE audit_log (
  id INTEGER PRIMARY KEY,
  staff_id INTEGER NOT NULL,
  staff_email TEXT NOT NULL,
  action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 80),
  entity TEXT NOT NULL CHECK (length(entity) BETWEEN 1 AND 40),
  entity_id TEXT NOT NULL CHECK (length(entity_id) BETWEEN 1 AND 200),
  before_json TEXT CHECK (before_json IS NULL OR json_valid(before_json)),
  after_json TEXT CHECK (after_json IS NULL OR json_valid(after_json)),
  request_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX audit_log_by_entity ON audit_log (entity, id);
CREATE INDEX audit_log_by_staff ON audit_log (staff_id, id);
CREATE INDEX audit_log_by_time ON audit_log (created_at);

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;

CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
