-- Promotions in the bag: coupons, their reservations and uses, seller codes, the cashback
-- ledger, and the cart's validated shipping selection. Times are ISO-8601 UTC text (`…T…Z`), compared
-- as text; money is integer cents.

CREATE TABLE coupons (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(code) BETWEEN 1 AND 40),
  kind TEXT NOT NULL CHECK (kind IN ('percentage', 'fixed', 'free_normal_shipping', 'free_express_shipping', 'gift')),
  -- percentage: whole percent 1–100; fixed: cents off; other kinds: 0.
  value INTEGER NOT NULL DEFAULT 0 CHECK (
    (kind = 'percentage' AND value BETWEEN 1 AND 100) OR (kind = 'fixed' AND value > 0) OR
    (kind NOT IN ('percentage', 'fixed') AND value = 0)
  ),
  min_subtotal_cents INTEGER NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
  starts_at TEXT,
  ends_at TEXT,
  -- NULL = unlimited. `used` counts finished orders; live reservations count against the limit too.
  usage_limit INTEGER CHECK (usage_limit IS NULL OR usage_limit >= 0),
  used INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0),
  per_customer_limit INTEGER CHECK (per_customer_limit IS NULL OR per_customer_limit >= 1),
  requires_login INTEGER NOT NULL DEFAULT 0 CHECK (requires_login IN (0, 1)),
  -- gift: the SKU put in the bag (free) and the modal the bag shows (spec §3 modal_gift).
  gift_product_item_id INTEGER REFERENCES product_items (id) ON DELETE SET NULL,
  modal_gift_title TEXT,
  modal_gift_message TEXT,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  -- The guard checkout relies on: `UPDATE coupons SET used = used + 1` fails past the limit.
  CHECK (usage_limit IS NULL OR used <= usage_limit)
);

-- A restricted coupon applies only when every bag line belongs to one of its products or listings.
CREATE TABLE coupon_restrictions (
  id INTEGER PRIMARY KEY,
  coupon_id INTEGER NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  product_id INTEGER REFERENCES products (id) ON DELETE CASCADE,
  -- A product_listings slug (department, category or collection), e.g. 'moda-praia'.
  listing_slug TEXT,
  CHECK ((product_id IS NULL) <> (listing_slug IS NULL))
);
CREATE INDEX coupon_restrictions_by_coupon ON coupon_restrictions (coupon_id);

-- One live coupon per cart. Applying a coupon inserts its reservation in ONE guarded statement
-- (used + live reservations < usage_limit; per-customer uses + reservations < per_customer_limit),
-- so concurrent applies never exceed a limit. Expired reservations no longer count.
CREATE TABLE coupon_reservations (
  cart_id TEXT PRIMARY KEY NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  coupon_id INTEGER NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL,
  expires_at TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX coupon_reservations_by_coupon ON coupon_reservations (coupon_id, expires_at);
CREATE INDEX coupon_reservations_by_customer ON coupon_reservations (customer_id, coupon_id);

-- A coupon spent by an order (written by checkout in the order's batch, with `used = used + 1`).
CREATE TABLE coupon_uses (
  id INTEGER PRIMARY KEY,
  coupon_id INTEGER NOT NULL REFERENCES coupons (id) ON DELETE CASCADE,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL,
  order_id TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (coupon_id, order_id)
);
CREATE INDEX coupon_uses_by_customer ON coupon_uses (customer_id, coupon_id);

-- Seller codes (spec: 10% off, attribution kept on the order, optional free shipping).
CREATE TABLE sellers (
  id INTEGER PRIMARY KEY,
  code TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(code) BETWEEN 1 AND 40),
  name TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers (id) ON DELETE SET NULL,
  discount_pct INTEGER NOT NULL DEFAULT 10 CHECK (discount_pct BETWEEN 0 AND 100),
  free_normal_shipping INTEGER NOT NULL DEFAULT 0 CHECK (free_normal_shipping IN (0, 1)),
  free_express_shipping INTEGER NOT NULL DEFAULT 0 CHECK (free_express_shipping IN (0, 1)),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);

-- Cashback ledger: the balance is the sum of the entries available now and not expired.
-- accrual (+, 10% of a paid order, available later), debit (−, spent by an order), expiry (−), adjustment (±).
CREATE TABLE cashback_entries (
  id INTEGER PRIMARY KEY,
  customer_id INTEGER NOT NULL REFERENCES customers (id) ON DELETE CASCADE,
  amount_cents INTEGER NOT NULL CHECK (amount_cents <> 0),
  kind TEXT NOT NULL CHECK (kind IN ('accrual', 'debit', 'expiry', 'adjustment')),
  order_id TEXT,
  available_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  expires_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  CHECK ((kind = 'accrual' AND amount_cents > 0) OR (kind IN ('debit', 'expiry') AND amount_cents < 0) OR kind = 'adjustment')
);
CREATE INDEX cashback_entries_by_customer ON cashback_entries (customer_id, available_at);
-- An order accrues and debits at most once (idempotent grants/debits).
CREATE UNIQUE INDEX cashback_entries_once_per_order ON cashback_entries (order_id, kind) WHERE order_id IS NOT NULL AND kind IN ('accrual', 'debit');

-- The bag's validated shipping selection: [{store, selectedOption:{type, carrier, carrierId, price, deadline}}]
-- with the CEP it was quoted for; prices are re-derived from the quote, never trusted from the client.
ALTER TABLE carts ADD COLUMN shipping_selection TEXT CHECK (shipping_selection IS NULL OR json_valid(shipping_selection));
ALTER TABLE carts ADD COLUMN shipping_zip TEXT CHECK (shipping_zip IS NULL OR (length(shipping_zip) = 8 AND shipping_zip NOT GLOB '*[^0-9]*'));
