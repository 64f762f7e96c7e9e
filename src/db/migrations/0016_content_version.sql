-- Edge cache (ADR 0018): anonymous pages are cached at the edge under a key that carries this
-- number, so any change to what those pages show makes the next request miss. Bumped by triggers on every
-- table a cached page reads: catalog (products, SKUs, photos, listings), prices, stock flags (the
-- availability columns the stock triggers of 0011 maintain), parameters (banners, promotions), menus,
-- stores and search variants. Stock quantities alone do not bump it: an order changes a flag only when a
-- SKU sells out or comes back.
CREATE TABLE content_version (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  version INTEGER NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 1);

-- parameters
CREATE TRIGGER parameters_content_insert AFTER INSERT ON parameters BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER parameters_content_delete AFTER DELETE ON parameters BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER parameters_content_update AFTER UPDATE ON parameters BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- menus
CREATE TRIGGER menus_content_insert AFTER INSERT ON menus BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER menus_content_delete AFTER DELETE ON menus BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER menus_content_update AFTER UPDATE ON menus BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- menu_items
CREATE TRIGGER menu_items_content_insert AFTER INSERT ON menu_items BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER menu_items_content_delete AFTER DELETE ON menu_items BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER menu_items_content_update AFTER UPDATE ON menu_items BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- products
CREATE TRIGGER products_content_insert AFTER INSERT ON products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER products_content_delete AFTER DELETE ON products BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- (an update of products: migration 0024)

-- product_items
CREATE TRIGGER product_items_content_insert AFTER INSERT ON product_items BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER product_items_content_delete AFTER DELETE ON product_items BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- (an update of product_items: migration 0024)

-- product_photos
CREATE TRIGGER product_photos_content_insert AFTER INSERT ON product_photos BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER product_photos_content_delete AFTER DELETE ON product_photos BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER product_photos_content_update AFTER UPDATE ON product_photos BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- product_listings
CREATE TRIGGER product_listings_content_insert AFTER INSERT ON product_listings BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER product_listings_content_delete AFTER DELETE ON product_listings BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER product_listings_content_update AFTER UPDATE ON product_listings BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- stores
CREATE TRIGGER stores_content_insert AFTER INSERT ON stores BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER stores_content_delete AFTER DELETE ON stores BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER stores_content_update AFTER UPDATE ON stores BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- search_term_variants
CREATE TRIGGER search_term_variants_content_insert AFTER INSERT ON search_term_variants BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER search_term_variants_content_delete AFTER DELETE ON search_term_variants BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER search_term_variants_content_update AFTER UPDATE ON search_term_variants BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
