-- Edge cache (ADR 0018): an update of a product or a SKU bumps content_version only when a value a cached
-- page shows changed. One trigger per table compares the whole row, the availability flag included (the stock
-- triggers of 0011 rewrite it on every stock change, mostly to the value it had), so saving a product unchanged,
-- or selling one unit of a SKU that stays in stock, keeps every cached page.
--
-- Before this migration, 0016 gave each of the two tables two update triggers (one on the listed columns, one on
-- the flag when it changed). Those are dropped here when present (a database that applied 0016 before it was
-- trimmed); on a database migrated from empty they never existed. Both end with the same triggers.
DROP TRIGGER IF EXISTS products_content_update;
DROP TRIGGER IF EXISTS products_content_available;
DROP TRIGGER IF EXISTS product_items_content_update;
DROP TRIGGER IF EXISTS product_items_content_available;

CREATE TRIGGER products_content_change AFTER UPDATE ON products
  WHEN (OLD.id, OLD.slug, OLD.name, OLD.description, OLD.details, OLD.department_slug, OLD.department_name,
        OLD.category_slug, OLD.category_name, OLD.pre_sale, OLD.gift, OLD.price_cents, OLD.list_price_cents,
        OLD.discount_pct, OLD.popularity, OLD.created_at, OLD.available)
    IS NOT (NEW.id, NEW.slug, NEW.name, NEW.description, NEW.details, NEW.department_slug, NEW.department_name,
        NEW.category_slug, NEW.category_name, NEW.pre_sale, NEW.gift, NEW.price_cents, NEW.list_price_cents,
        NEW.discount_pct, NEW.popularity, NEW.created_at, NEW.available)
BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

CREATE TRIGGER product_items_content_change AFTER UPDATE ON product_items
  WHEN (OLD.id, OLD.product_id, OLD.sku, OLD.color_slug, OLD.color_name, OLD.color_hex, OLD.size, OLD.size_order,
        OLD.list_price_cents, OLD.sale_price_cents, OLD.gift_coupon, OLD.available)
    IS NOT (NEW.id, NEW.product_id, NEW.sku, NEW.color_slug, NEW.color_name, NEW.color_hex, NEW.size, NEW.size_order,
        NEW.list_price_cents, NEW.sale_price_cents, NEW.gift_coupon, NEW.available)
BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
