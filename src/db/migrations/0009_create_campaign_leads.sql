-- Campaign leads (/pre-livefriday): who asked to be told, with the consent they gave and when.
CREATE TABLE campaign_leads (
  id INTEGER PRIMARY KEY,
  campaign TEXT NOT NULL CHECK (length(campaign) BETWEEN 1 AND 40),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 2 AND 120),
  email TEXT NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 200),
  phone TEXT CHECK (phone IS NULL OR (length(phone) BETWEEN 10 AND 11 AND phone NOT GLOB '*[^0-9]*')),
  -- The exact authorisation text the shopper ticked, and when (LGPD: consent must be demonstrable).
  consent_text TEXT NOT NULL CHECK (length(consent_text) > 0),
  consent_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (campaign, email)
);

-- Lead form submissions per client (SHA-256 of the IP), for the rate limit; old rows are pruned on write.
CREATE TABLE lead_attempts (
  id TEXT PRIMARY KEY NOT NULL,
  client_hash TEXT NOT NULL CHECK (length(client_hash) = 64),
  created_at TEXT NOT NULL
);
CREATE INDEX lead_attempts_by_client ON lead_attempts (client_hash, created_at);
