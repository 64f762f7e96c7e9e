-- Login and registration attempts (ADR 0011), replacing login_attempts.
-- A login reserves its row BEFORE the password is checked, in one guarded INSERT: at most N failures per
-- (account, client) pair and per client in the window, however many requests arrive at once. `account` is
-- the SHA-256 of the customer id (e-mail and CPF share it) or of the typed login when there is no such
-- customer; `client` the SHA-256 of the client address. Rows older than the window are pruned on write.
CREATE TABLE auth_attempts (
  id TEXT PRIMARY KEY NOT NULL,
  action TEXT NOT NULL CHECK (action IN ('login', 'register')),
  account TEXT CHECK (account IS NULL OR length(account) = 64),
  client TEXT NOT NULL CHECK (length(client) = 64),
  created_at TEXT NOT NULL
);
CREATE INDEX auth_attempts_by_client ON auth_attempts (action, client, created_at);
CREATE INDEX auth_attempts_by_pair ON auth_attempts (account, client, created_at);

DROP TABLE login_attempts;
