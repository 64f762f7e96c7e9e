-- Back office (ADR 0010): exchange/return requests move past `requested`, a closed-without-goods
-- request (rejected) frees its order lines, refunds are recorded once, and every step is on a timeline.

-- exchange_items is rebuilt because SQLite cannot drop the inline UNIQUE (order_item_id): a line is now
-- held only by its ACTIVE request (partial unique index below); rejecting a request sets active = 0 in
-- the same batch that changes the request's status, so the line can be requested again.
CREATE TABLE exchange_items_new (
  exchange_id INTEGER NOT NULL REFERENCES exchanges (id) ON DELETE CASCADE,
  order_item_id INTEGER NOT NULL REFERENCES order_items (id) ON DELETE CASCADE,
  amount INTEGER NOT NULL CHECK (amount >= 1),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  PRIMARY KEY (exchange_id, order_item_id)
);
INSERT INTO exchange_items_new (exchange_id, order_item_id, amount, active)
  SELECT x.exchange_id, x.order_item_id, x.amount, CASE WHEN e.status = 'rejected' THEN 0 ELSE 1 END
    FROM exchange_items x JOIN exchanges e ON e.id = x.exchange_id;
DROP TABLE exchange_items;
ALTER TABLE exchange_items_new RENAME TO exchange_items;
-- An order line can be in one active request only (the over-request guard, checked inside the batch).
CREATE UNIQUE INDEX exchange_items_one_active ON exchange_items (order_item_id) WHERE active = 1;

-- What was refunded (cents) and when; set by the `refunded` step.
ALTER TABLE exchanges ADD COLUMN refund_cents INTEGER CHECK (refund_cents IS NULL OR refund_cents >= 0);
ALTER TABLE exchanges ADD COLUMN refunded_at TEXT;
CREATE INDEX exchanges_by_status ON exchanges (status, created_at);

-- Timeline of a request, shown to the customer and to the operator.
CREATE TABLE exchange_events (
  id INTEGER PRIMARY KEY,
  exchange_id INTEGER NOT NULL REFERENCES exchanges (id) ON DELETE CASCADE,
  status TEXT NOT NULL
    CHECK (status IN ('requested', 'approved', 'received', 'refunded', 'completed', 'rejected')),
  note TEXT CHECK (note IS NULL OR length(note) <= 500),
  -- The operator who moved it (NULL for the customer's own request).
  operator_id INTEGER REFERENCES customers (id) ON DELETE SET NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX exchange_events_by_exchange ON exchange_events (exchange_id, id);
INSERT INTO exchange_events (exchange_id, status, created_at) SELECT id, 'requested', created_at FROM exchanges;
INSERT INTO exchange_events (exchange_id, status, created_at)
  SELECT id, status, updated_at FROM exchanges WHERE status <> 'requested';

-- Refunds to the original payment (sandbox providers: recorded here; a real provider's refund call goes
-- with it). One per exchange (UNIQUE), never more than the payment charged (guarded in the batch).
CREATE TABLE payment_refunds (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  exchange_id INTEGER UNIQUE REFERENCES exchanges (id) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX payment_refunds_by_payment ON payment_refunds (payment_id);

-- A cashback refund credits the ledger once per exchange: an adjustment whose order_id is `exchange:<id>`.
CREATE UNIQUE INDEX cashback_entries_once_per_exchange ON cashback_entries (order_id)
  WHERE kind = 'adjustment' AND order_id LIKE 'exchange:%';

-- A cancelled paid order is refunded once (refunds without an exchange belong to a cancellation).
CREATE UNIQUE INDEX payment_refunds_once_per_cancel ON payment_refunds (order_id) WHERE exchange_id IS NULL;
