-- Facet counts without a join over SKUs: each product keeps the sizes and the colours it has in stock,
-- as JSON arrays, so a listing's size and colour facets group its products by those arrays (few distinct ones)
-- instead of counting distinct products over every in-stock SKU of the result set. Triggers keep both arrays in
-- step inside the statement that changes a SKU (its stock flag from the triggers of 0011, its size or colour),
-- so they can never disagree with product_items.
--   facet_sizes:  [[size, smallest size_order of that size], …] in size order (the facet sorts sizes by it)
--   facet_colors: [[color_slug, color_name, color_hex], …] in slug order
ALTER TABLE products ADD COLUMN facet_sizes TEXT NOT NULL DEFAULT '[]';
ALTER TABLE products ADD COLUMN facet_colors TEXT NOT NULL DEFAULT '[]';

-- One place computes a product's arrays: inserting its id into this view (no rows; the trigger does the work).
CREATE VIEW product_facet_refresh AS SELECT id AS product_id FROM products WHERE 0;

CREATE TRIGGER product_facet_refresh INSTEAD OF INSERT ON product_facet_refresh BEGIN
  UPDATE products
     SET facet_sizes = (SELECT json_group_array(json_array(size, size_order) ORDER BY size)
                          FROM (SELECT size, min(size_order) AS size_order FROM product_items
                                 WHERE product_id = NEW.product_id AND available = 1 GROUP BY size)),
         facet_colors = (SELECT json_group_array(json_array(color_slug, color_name, color_hex) ORDER BY color_slug)
                           FROM (SELECT color_slug, color_name, color_hex FROM product_items
                                  WHERE product_id = NEW.product_id AND available = 1 GROUP BY color_slug))
   WHERE id = NEW.product_id;
END;

CREATE TRIGGER products_facets_insert AFTER INSERT ON products BEGIN
  INSERT INTO product_facet_refresh (product_id) VALUES (NEW.id);
END;

CREATE TRIGGER product_items_facets_insert AFTER INSERT ON product_items WHEN NEW.available = 1 BEGIN
  INSERT INTO product_facet_refresh (product_id) VALUES (NEW.product_id);
END;

CREATE TRIGGER product_items_facets_delete AFTER DELETE ON product_items WHEN OLD.available = 1 BEGIN
  INSERT INTO product_facet_refresh (product_id) VALUES (OLD.product_id);
END;

-- Only a change of what the arrays hold (the stock triggers rewrite the flag on every stock change, mostly to the
-- value it had); a SKU moved to another product refreshes both.
CREATE TRIGGER product_items_facets_update AFTER UPDATE ON product_items
  WHEN (OLD.available = 1 OR NEW.available = 1)
   AND (OLD.product_id, OLD.available, OLD.size, OLD.size_order, OLD.color_slug, OLD.color_name, OLD.color_hex)
       IS NOT (NEW.product_id, NEW.available, NEW.size, NEW.size_order, NEW.color_slug, NEW.color_name, NEW.color_hex)
BEGIN
  INSERT INTO product_facet_refresh (product_id) SELECT OLD.product_id UNION SELECT NEW.product_id;
END;

INSERT INTO product_facet_refresh (product_id) SELECT id FROM products;
