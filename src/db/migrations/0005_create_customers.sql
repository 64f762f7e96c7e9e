-- Customers and their sessions (spec §3 User/Customer, §6 roles). Shared foundation for the bag
-- (login-required coupons, cashback, cart/user), the account area and checkout.
CREATE TABLE customers (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) BETWEEN 3 AND 200),
  -- 11 digits, already validated (check digits) by the service.
  cpf TEXT NOT NULL UNIQUE CHECK (length(cpf) = 11 AND cpf NOT GLOB '*[^0-9]*'),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  -- `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` (ADR 0006); NULL only for seeded accounts without login.
  password_hash TEXT,
  phone TEXT,
  birth_date TEXT,
  marketing_opt_in INTEGER NOT NULL DEFAULT 0 CHECK (marketing_opt_in IN (0, 1)),
  super_user INTEGER NOT NULL DEFAULT 0 CHECK (super_user IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Server-side sessions: only the SHA-256 (hex) of the token is stored; logout sets revoked_at.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY NOT NULL CHECK (length(token_hash) = 64),
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT NOT NULL,
  revoked_at TEXT
);
CREATE INDEX sessions_by_customer ON sessions (customer_id);

-- Affiliate (Rakuten) attribution recorded on the cart and copied onto its orders.
ALTER TABLE carts ADD COLUMN affiliate_site_id TEXT;
