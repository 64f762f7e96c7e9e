-- Listing speed: whether a SKU (product item) has stock in any store, and whether a product has any such SKU,
-- denormalised from `stock` so listings, search and facets stop probing stock rows for every product of
-- their base set. Triggers keep both flags in step inside the statement that changes stock (an order's
-- batch, a release on cancel/expiry, the seed), so they can never disagree with `stock`.

ALTER TABLE product_items ADD COLUMN available INTEGER NOT NULL DEFAULT 0 CHECK (available IN (0, 1));
ALTER TABLE products ADD COLUMN available INTEGER NOT NULL DEFAULT 0 CHECK (available IN (0, 1));

UPDATE product_items SET available = EXISTS (SELECT 1 FROM stock s WHERE s.product_item_id = product_items.id AND s.quantity > 0);
UPDATE products SET available = EXISTS (SELECT 1 FROM product_items i WHERE i.product_id = products.id AND i.available = 1);

-- Available SKUs with everything the size and colour facets read (covering).
CREATE INDEX product_items_available ON product_items (product_id, size, color_slug, size_order, color_name, color_hex) WHERE available = 1;

-- Recomputed on every insert, not only positive ones: an INSERT OR REPLACE removes the old row without
-- firing the delete trigger.
CREATE TRIGGER stock_available_insert AFTER INSERT ON stock BEGIN
  UPDATE product_items
     SET available = EXISTS (SELECT 1 FROM stock s WHERE s.product_item_id = product_items.id AND s.quantity > 0)
   WHERE id = NEW.product_item_id
     AND available IS NOT EXISTS (SELECT 1 FROM stock s WHERE s.product_item_id = product_items.id AND s.quantity > 0);
END;

CREATE TRIGGER stock_available_update AFTER UPDATE OF quantity, product_item_id ON stock BEGIN
  UPDATE product_items
     SET available = EXISTS (SELECT 1 FROM stock s WHERE s.product_item_id = product_items.id AND s.quantity > 0)
   WHERE id IN (OLD.product_item_id, NEW.product_item_id);
END;

CREATE TRIGGER stock_available_delete AFTER DELETE ON stock WHEN OLD.quantity > 0 BEGIN
  UPDATE product_items
     SET available = EXISTS (SELECT 1 FROM stock s WHERE s.product_item_id = product_items.id AND s.quantity > 0)
   WHERE id = OLD.product_item_id;
END;

-- A SKU moved or switching availability updates its product's flag (and the old product's, if moved).
CREATE TRIGGER product_items_available_update AFTER UPDATE OF available, product_id ON product_items
  WHEN OLD.available IS NOT NEW.available OR OLD.product_id IS NOT NEW.product_id BEGIN
  UPDATE products
     SET available = EXISTS (SELECT 1 FROM product_items i WHERE i.product_id = products.id AND i.available = 1)
   WHERE id IN (OLD.product_id, NEW.product_id);
END;

CREATE TRIGGER product_items_available_delete AFTER DELETE ON product_items WHEN OLD.available = 1 BEGIN
  UPDATE products
     SET available = EXISTS (SELECT 1 FROM product_items i WHERE i.product_id = products.id AND i.available = 1)
   WHERE id = OLD.product_id;
END;

CREATE TRIGGER product_items_available_insert AFTER INSERT ON product_items WHEN NEW.available = 1 BEGIN
  UPDATE products SET available = 1 WHERE id = NEW.product_id AND available = 0;
END;
