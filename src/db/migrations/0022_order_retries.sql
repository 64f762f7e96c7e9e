-- "Tentar novamente" on an order whose payment was refused at its step (3-D Secure, Open Finance consent): the
-- order's products go back to the shopper's bag ONCE. One row per order whose items went back; the primary key is
-- the guard that makes parallel retries of the same order add the items a single time (orders/retry.ts).
CREATE TABLE order_retries (
  order_id INTEGER PRIMARY KEY NOT NULL REFERENCES orders (id),
  cart_id TEXT NOT NULL,
  -- The retry that claimed the row: the other statements of its batch act only for this nonce.
  nonce TEXT NOT NULL,
  created_at TEXT NOT NULL
);
