-- Shopping carts (spec §3 Cart). The cart id (`hash`) is a 128-bit random token: holding it is what
-- lets an anonymous shopper read the cart; a customer's cart is also bound to the customer.
CREATE TABLE carts (
  id TEXT PRIMARY KEY NOT NULL CHECK (length(id) BETWEEN 16 AND 64),
  customer_id INTEGER,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ordered', 'merged')),
  email TEXT,
  coupon_code TEXT,
  seller_code TEXT,
  cashback_cents INTEGER NOT NULL DEFAULT 0 CHECK (cashback_cents >= 0),
  cashback_evaluate INTEGER NOT NULL DEFAULT 0 CHECK (cashback_evaluate IN (0, 1)),
  -- Cart-request token that outside page events (the app) must echo (spec §4).
  request_token TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX carts_by_customer ON carts (customer_id, status);

-- The per-SKU quantity limit (CART_MAX_ITEM_AMOUNT) is enforced by the guarded statements; 999 is a backstop.
CREATE TABLE cart_items (
  id INTEGER PRIMARY KEY,
  cart_id TEXT NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  product_item_id INTEGER NOT NULL REFERENCES product_items (id),
  amount INTEGER NOT NULL CHECK (amount >= 1 AND amount <= 999),
  gift INTEGER NOT NULL DEFAULT 0 CHECK (gift IN (0, 1)),
  gift_coupon TEXT,
  inserted_link TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (cart_id, product_item_id, gift)
);
CREATE INDEX cart_items_by_cart ON cart_items (cart_id, id);
