-- Catalog: products, their SKUs (product items: colour × size), photos, stores, stock per SKU per store,
-- listing membership (menu slugs), and the search index (FTS5 + a typo vocabulary).

CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  details TEXT NOT NULL,
  department_slug TEXT NOT NULL,
  department_name TEXT NOT NULL,
  category_slug TEXT NOT NULL,
  category_name TEXT NOT NULL,
  pre_sale INTEGER NOT NULL DEFAULT 0 CHECK (pre_sale IN (0, 1)),
  gift INTEGER NOT NULL DEFAULT 0 CHECK (gift IN (0, 1)),
  -- Denormalised for listing sorts; kept in step with product_items by the seed/admin writes.
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  list_price_cents INTEGER NOT NULL CHECK (list_price_cents > 0),
  discount_pct INTEGER NOT NULL DEFAULT 0 CHECK (discount_pct BETWEEN 0 AND 100),
  popularity INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE product_items (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  sku TEXT NOT NULL UNIQUE,
  color_slug TEXT NOT NULL,
  color_name TEXT NOT NULL,
  color_hex TEXT NOT NULL,
  size TEXT NOT NULL,
  size_order INTEGER NOT NULL,
  list_price_cents INTEGER NOT NULL CHECK (list_price_cents > 0),
  -- 0 means "no second price": no sale, discount 0% (spec §5).
  sale_price_cents INTEGER NOT NULL DEFAULT 0 CHECK (sale_price_cents >= 0 AND sale_price_cents <= list_price_cents),
  gift_coupon TEXT,
  UNIQUE (product_id, color_slug, size)
);
CREATE INDEX product_items_by_product ON product_items (product_id, color_slug, size_order);

CREATE TABLE product_photos (
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  color_slug TEXT NOT NULL,
  position INTEGER NOT NULL,
  file TEXT NOT NULL,
  PRIMARY KEY (product_id, color_slug, position)
);

CREATE TABLE stores (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  city TEXT NOT NULL,
  state TEXT NOT NULL,
  cep TEXT NOT NULL,
  address TEXT NOT NULL,
  allows_pickup INTEGER NOT NULL DEFAULT 0 CHECK (allows_pickup IN (0, 1)),
  whatsapp TEXT
);

CREATE TABLE stock (
  product_item_id INTEGER NOT NULL REFERENCES product_items (id) ON DELETE CASCADE,
  store_id INTEGER NOT NULL REFERENCES stores (id) ON DELETE CASCADE,
  quantity INTEGER NOT NULL CHECK (quantity >= 0),
  PRIMARY KEY (product_item_id, store_id)
);
CREATE INDEX stock_by_store ON stock (store_id, product_item_id);

-- A product is listed under its department, its category and any collection slug of the menu.
CREATE TABLE product_listings (
  slug TEXT NOT NULL,
  product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  PRIMARY KEY (slug, product_id)
) WITHOUT ROWID;
CREATE INDEX product_listings_by_product ON product_listings (product_id);

-- Full-text index: rowid = products.id; accents removed by the tokenizer, text folded before insert.
CREATE VIRTUAL TABLE products_fts USING fts5 (
  name,
  body,
  tokenize = 'unicode61 remove_diacritics 2'
);

-- Typo tolerance (one edit on words of 5+ letters): every indexed word and its single-deletion variants.
CREATE TABLE search_terms (
  term TEXT PRIMARY KEY,
  frequency INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;

CREATE TABLE search_term_variants (
  variant TEXT NOT NULL,
  term TEXT NOT NULL,
  PRIMARY KEY (variant, term)
) WITHOUT ROWID;
