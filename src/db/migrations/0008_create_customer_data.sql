-- Customer data: addresses, favorites, password resets, the mail outbox, login attempts
-- (brute-force limit) and exchange/return requests. Everything is owned by one customer.

CREATE TABLE addresses (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  label TEXT CHECK (label IS NULL OR length(label) <= 40),
  receiver TEXT NOT NULL CHECK (length(receiver) BETWEEN 1 AND 120),
  zip_code TEXT NOT NULL CHECK (length(zip_code) = 8 AND zip_code NOT GLOB '*[^0-9]*'),
  street TEXT NOT NULL CHECK (length(street) BETWEEN 1 AND 160),
  number TEXT NOT NULL CHECK (length(number) BETWEEN 1 AND 20),
  complement TEXT CHECK (complement IS NULL OR length(complement) <= 80),
  neighborhood TEXT NOT NULL CHECK (length(neighborhood) BETWEEN 1 AND 80),
  city TEXT NOT NULL CHECK (length(city) BETWEEN 1 AND 80),
  state TEXT NOT NULL CHECK (length(state) = 2),
  is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX addresses_by_customer ON addresses (customer_id, id);
-- At most one default address per customer.
CREATE UNIQUE INDEX addresses_one_default ON addresses (customer_id) WHERE is_default = 1;

-- Favorites are product items (spec §3: "list of product item ids").
CREATE TABLE favorites (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  product_item_id INTEGER NOT NULL REFERENCES product_items (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (customer_id, product_item_id)
);

-- Password reset tokens: only the SHA-256 hex is stored; single use (used_at) and time-limited.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY NOT NULL CHECK (length(token_hash) = 64),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX password_resets_by_customer ON password_resets (customer_id, created_at);

-- Transactional mail waits here; a configured provider sends it (sent_at), a dev page lists it locally.
CREATE TABLE mail_outbox (
  id INTEGER PRIMARY KEY,
  to_email TEXT NOT NULL CHECK (length(to_email) BETWEEN 3 AND 200),
  subject TEXT NOT NULL,
  body_text TEXT NOT NULL,
  kind TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  sent_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX mail_outbox_unsent ON mail_outbox (sent_at, id);

-- Failed logins per account (e-mail/CPF as typed, normalised) and per client IP, for the brute-force limit.
CREATE TABLE login_attempts (
  id INTEGER PRIMARY KEY,
  scope TEXT NOT NULL CHECK (scope IN ('account', 'ip')),
  key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX login_attempts_by_key ON login_attempts (scope, key, created_at);

-- Exchange / return requests for delivered order items (orders come from migration 0007).
CREATE TABLE exchanges (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('exchange', 'return')),
  reason TEXT NOT NULL CHECK (length(reason) BETWEEN 3 AND 500),
  refund_method TEXT NOT NULL CHECK (refund_method IN ('cashback', 'original')),
  status TEXT NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'approved', 'received', 'refunded', 'completed', 'rejected')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX exchanges_by_customer ON exchanges (customer_id, created_at DESC);

CREATE TABLE exchange_items (
  exchange_id INTEGER NOT NULL REFERENCES exchanges (id) ON DELETE CASCADE,
  -- An order line can be in one request only.
  order_item_id INTEGER NOT NULL UNIQUE REFERENCES order_items (id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount >= 1),
  PRIMARY KEY (exchange_id, order_item_id)
);
