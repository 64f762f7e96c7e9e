-- Live payment providers: every provider notification or reconciliation read that was acted on,
-- once. The UNIQUE (provider, event_id) makes a replayed or duplicated event a no-op; the state changes
-- themselves stay guarded by the payment's status (orders/lifecycle.ts), so an event that slips past the
-- log (a crash before it was written) can only repeat a no-op.
CREATE TABLE payment_events (
  id INTEGER PRIMARY KEY,
  provider TEXT NOT NULL CHECK (provider IN ('pix', 'paypal', 'rede', 'boleto')),
  -- The provider's event id (PayPal event id, Pix end-to-end id, …) or `reconcile:<ref>:<status>`.
  event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 200),
  source TEXT NOT NULL CHECK (source IN ('webhook', 'reconcile')),
  payment_id INTEGER REFERENCES payments (id) ON DELETE SET NULL,
  provider_reference TEXT,
  -- The charge's state as re-read from the provider (never the notification body's claim).
  provider_status TEXT NOT NULL
    CHECK (provider_status IN ('pending', 'authorized', 'paid', 'failed', 'expired', 'cancelled', 'refunded')),
  -- What we did: paid (orders paid), released (stock/coupon/cashback given back), authorized, captured,
  -- late_refunded / late_unrefunded (money arrived after the order expired), amount_mismatch, unknown, noop.
  outcome TEXT NOT NULL,
  received_at TEXT NOT NULL,
  UNIQUE (provider, event_id)
);
CREATE INDEX payment_events_by_payment ON payment_events (payment_id);

-- A refund sent through a live provider keeps the provider's id (Pix rtrId, PayPal refund id, Rede refundId).
ALTER TABLE payment_refunds ADD COLUMN provider_refund_id TEXT;
CREATE UNIQUE INDEX payment_refunds_by_provider_id ON payment_refunds (provider_refund_id) WHERE provider_refund_id IS NOT NULL;
