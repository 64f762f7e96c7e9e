-- An authorization whose answer was lost (a timeout at create) must not stay open. When finish-order (or
-- PayPal create) gives up on a provider call that may have created something, the attempt is kept here by our
-- reference; the checkout voids it at once when it can find it, and the cron (payments/attempts.ts) looks it up by
-- reference again until the provider says nothing is held (voided, failed, expired) or, never found, it is old enough
-- that the provider can no longer create it. `settled_at` NULL: still to be confirmed.
CREATE TABLE payment_attempts (
  reference TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  method_id INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL,
  created_at TEXT NOT NULL,
  settled_at TEXT
);
CREATE INDEX payment_attempts_open ON payment_attempts (created_at) WHERE settled_at IS NULL;
