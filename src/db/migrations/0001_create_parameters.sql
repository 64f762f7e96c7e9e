-- Operator parameters read by the storefront (spec §3: list of {key, value}).
CREATE TABLE parameters (
  key TEXT PRIMARY KEY NOT NULL CHECK (length(key) BETWEEN 1 AND 100),
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
