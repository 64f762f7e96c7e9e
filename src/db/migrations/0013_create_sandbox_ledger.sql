-- The sandbox provider's own books: what the in-house simulators authorised, captured,
-- voided or refunded, kept apart from `payments` (our side) exactly as a real provider keeps its own.
-- Tests check both sides: no captured charge without an order, no paid order without a captured charge.
CREATE TABLE sandbox_charges (
  reference TEXT PRIMARY KEY,
  provider TEXT NOT NULL,
  method_id INTEGER NOT NULL,
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  status TEXT NOT NULL CHECK (status IN ('pending', 'authorized', 'paid', 'voided', 'refunded', 'expired', 'failed')),
  refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= amount_cents),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
-- One row per refund id (our idempotency key): a retried refund is recorded once.
CREATE TABLE sandbox_refunds (
  refund_id TEXT PRIMARY KEY,
  reference TEXT NOT NULL REFERENCES sandbox_charges (reference),
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  created_at TEXT NOT NULL
);
-- The provider's own id of a charge (PayPal order id, acquirer transaction id) when it differs from our
-- `provider_reference` (which we send as its idempotency key / Pix txid).
ALTER TABLE payments ADD COLUMN provider_charge_id TEXT;
