-- Google Merchant Center feed: the manufacturer's GTIN of a SKU when it has one (EAN-13, UPC-A, GTIN-8/14, digits
-- only). It is stored as given; the feed and the product page's JSON-LD publish it only when its check digit is
-- valid (src/lib/gtin.ts), and say `identifier_exists=no` otherwise.
ALTER TABLE product_items ADD COLUMN gtin TEXT;

-- A cached page or feed shows the GTIN, so changing it bumps content_version like the other SKU values (0024's
-- trigger, now with the new column).
DROP TRIGGER IF EXISTS product_items_content_change;
CREATE TRIGGER product_items_content_change AFTER UPDATE ON product_items
  WHEN (OLD.id, OLD.product_id, OLD.sku, OLD.color_slug, OLD.color_name, OLD.color_hex, OLD.size, OLD.size_order,
        OLD.list_price_cents, OLD.sale_price_cents, OLD.gift_coupon, OLD.available, OLD.gtin)
    IS NOT (NEW.id, NEW.product_id, NEW.sku, NEW.color_slug, NEW.color_name, NEW.color_hex, NEW.size, NEW.size_order,
        NEW.list_price_cents, NEW.sale_price_cents, NEW.gift_coupon, NEW.available, NEW.gtin)
BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
