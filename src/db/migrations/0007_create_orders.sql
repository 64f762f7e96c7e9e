-- Orders (spec §2 order confirmation, §4 checkout). One finish-order call creates one payment
-- and one order per package (store), all in one guarded D1 batch together with the stock decrement,
-- coupon/seller use, cashback debit and cart close. Money is integer cents.

-- A payment covers every order of one checkout (one Pix QR / boleto / card authorisation for the total).
-- Card numbers are never stored: at most the brand and the last four digits.
CREATE TABLE payments (
  id INTEGER PRIMARY KEY,
  -- Exactly-once guard: a retried finish-order with the same key can never create a second payment.
  idempotency_key TEXT NOT NULL UNIQUE CHECK (length(idempotency_key) BETWEEN 16 AND 120),
  method_id INTEGER NOT NULL CHECK (method_id IN (1, 6, 26, 31, 32, 43, 47, 53)),
  provider TEXT NOT NULL CHECK (provider IN ('rede', 'paypal', 'pix', 'boleto', 'debit', 'open-finance', 'coupon')),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'authorized', 'paid', 'declined', 'failed', 'expired', 'cancelled', 'refunded')),
  amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0),
  installments INTEGER NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 12),
  -- Total charged including installment interest (>= amount_cents).
  charged_cents INTEGER NOT NULL CHECK (charged_cents >= amount_cents),
  card_brand TEXT CHECK (card_brand IN ('visa', 'mastercard', 'hipercard', 'hiper', 'diners', 'amex', 'credsystem', 'unknown')),
  card_last4 TEXT CHECK (card_last4 IS NULL OR (length(card_last4) = 4 AND card_last4 NOT GLOB '*[^0-9]*')),
  provider_reference TEXT,
  -- Pix: BR Code "copia e cola" and its txid; boleto: linha digitável and barcode.
  pix_payload TEXT,
  pix_txid TEXT,
  boleto_line TEXT CHECK (boleto_line IS NULL OR length(boleto_line) = 47),
  boleto_barcode TEXT CHECK (boleto_barcode IS NULL OR length(boleto_barcode) = 44),
  -- Provider step the shopper must complete (PayPal approval, 3-D Secure challenge, open-finance consent).
  action_url TEXT,
  -- One-time secret of that step (3-D Secure code / consent), SHA-256 hex.
  challenge_hash TEXT,
  expires_at TEXT,
  paid_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX payments_by_provider_reference ON payments (provider, provider_reference) WHERE provider_reference IS NOT NULL;
CREATE INDEX payments_pending_expiry ON payments (status, expires_at);

CREATE TABLE orders (
  id INTEGER PRIMARY KEY,
  payment_id INTEGER NOT NULL REFERENCES payments (id),
  -- Same key as the payment; (key, store) unique so a package can never be ordered twice.
  idempotency_key TEXT NOT NULL,
  customer_id INTEGER REFERENCES customers (id),
  -- Identification snapshot (the customer's at order time, or the guest's anonymousConsumer).
  email TEXT NOT NULL COLLATE NOCASE CHECK (length(email) BETWEEN 3 AND 200),
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
  cpf TEXT NOT NULL CHECK (length(cpf) = 11 AND cpf NOT GLOB '*[^0-9]*'),
  phone TEXT,
  guest INTEGER NOT NULL DEFAULT 0 CHECK (guest IN (0, 1)),
  cart_id TEXT NOT NULL,
  -- Package: the store the items ship from (or are picked up at).
  store TEXT NOT NULL,
  store_id INTEGER NOT NULL REFERENCES stores (id),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'invoiced', 'shipped', 'delivered', 'cancelled', 'expired')),
  payment_method_id INTEGER NOT NULL CHECK (payment_method_id IN (1, 6, 26, 31, 32, 43, 47, 53)),
  installments INTEGER NOT NULL DEFAULT 1 CHECK (installments BETWEEN 1 AND 12),
  subtotal_cents INTEGER NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents INTEGER NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  shipping_cents INTEGER NOT NULL DEFAULT 0 CHECK (shipping_cents >= 0),
  cashback_cents INTEGER NOT NULL DEFAULT 0 CHECK (cashback_cents >= 0),
  total_cents INTEGER NOT NULL CHECK (total_cents >= 0),
  -- Cashback (10%) granted to the customer when the order became paid; 0 until then.
  cashback_earned_cents INTEGER NOT NULL DEFAULT 0 CHECK (cashback_earned_cents >= 0),
  coupon_code TEXT,
  seller_code TEXT,
  affiliate_site_id TEXT,
  has_pre_sale INTEGER NOT NULL DEFAULT 0 CHECK (has_pre_sale IN (0, 1)),
  -- Address snapshot (JSON: zipCode, street, number, complement, neighborhood, city, state, receiver)
  -- or NULL for pickup in store; the chosen shipping option (JSON: type, carrier, carrierId, price, deadline).
  address_json TEXT CHECK (address_json IS NULL OR json_valid(address_json)),
  address_id INTEGER,
  shipping_option_json TEXT NOT NULL CHECK (json_valid(shipping_option_json)),
  pickup INTEGER NOT NULL DEFAULT 0 CHECK (pickup IN (0, 1)),
  tracking_code TEXT,
  invoice_number TEXT,
  user_agent TEXT,
  -- Unpaid Pix/boleto orders expire at this time and release their stock.
  expires_at TEXT,
  paid_at TEXT,
  invoiced_at TEXT,
  shipped_at TEXT,
  delivered_at TEXT,
  cancelled_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  UNIQUE (idempotency_key, store),
  CHECK (total_cents = subtotal_cents - discount_cents - cashback_cents + shipping_cents),
  CHECK (customer_id IS NOT NULL OR guest = 1)
);
CREATE INDEX orders_by_customer ON orders (customer_id, created_at DESC);
CREATE INDEX orders_by_payment ON orders (payment_id);
CREATE INDEX orders_pending_expiry ON orders (status, expires_at);
CREATE INDEX orders_by_cart ON orders (cart_id);

-- Line snapshot: what was bought at what price, independent of later catalog changes.
CREATE TABLE order_items (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  product_item_id INTEGER NOT NULL REFERENCES product_items (id),
  -- Store whose stock this line took (the package's store, or another store transferring to the factory);
  -- an expired or cancelled order gives it back there.
  stock_store_id INTEGER NOT NULL REFERENCES stores (id),
  product_id INTEGER NOT NULL,
  sku TEXT NOT NULL,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  size TEXT NOT NULL,
  color_name TEXT NOT NULL,
  photo TEXT,
  amount INTEGER NOT NULL CHECK (amount >= 1),
  list_price_cents INTEGER NOT NULL CHECK (list_price_cents >= 0),
  unit_price_cents INTEGER NOT NULL CHECK (unit_price_cents >= 0),
  total_cents INTEGER NOT NULL CHECK (total_cents = unit_price_cents * amount),
  gift INTEGER NOT NULL DEFAULT 0 CHECK (gift IN (0, 1)),
  pre_sale INTEGER NOT NULL DEFAULT 0 CHECK (pre_sale IN (0, 1))
);
CREATE INDEX order_items_by_order ON order_items (order_id, id);

-- Status timeline shown in the account and on the confirmation page.
CREATE TABLE order_events (
  id INTEGER PRIMARY KEY,
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  status TEXT NOT NULL
    CHECK (status IN ('pending', 'paid', 'invoiced', 'shipped', 'delivered', 'cancelled', 'expired')),
  note TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX order_events_by_order ON order_events (order_id, id);

-- Confirmation-page access tokens (≥ 128 random bits, only the SHA-256 hex stored, expiring). A token
-- opens every order of its checkout; a retried finish-order mints a new token for the same orders
-- without invalidating the first one, hence a table rather than a column.
CREATE TABLE order_access_tokens (
  token_hash TEXT NOT NULL CHECK (length(token_hash) = 64),
  order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  PRIMARY KEY (token_hash, order_id)
) WITHOUT ROWID;
CREATE INDEX order_access_tokens_by_order ON order_access_tokens (order_id);
