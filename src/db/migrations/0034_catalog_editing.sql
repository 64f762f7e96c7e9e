-- Catalog editing in the back office.
-- `published`: an unpublished product has no listing rows and no full-text row (the edit's batch removes them) and
-- its page answers 404; publishing puts back its department and category listings and its search row.
-- `version`: optimistic concurrency of the product form, checked by the first statement of the save's batch.
ALTER TABLE products ADD COLUMN published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1));
ALTER TABLE products ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- One row per save (append-only): `version_before` is read inside the save's batch under the version the form was
-- shown with; when the product moved on it is NULL and this NOT NULL aborts the whole batch (a 409, no lost update).
CREATE TABLE product_edits (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL,
  version_before INTEGER NOT NULL,
  staff_id INTEGER,
  created_at TEXT NOT NULL
);
CREATE INDEX product_edits_by_product ON product_edits (product_id, id);

-- A cached page shows whether a product is published: 0024's trigger, with the new column (a save that changes
-- nothing but `version` keeps every cached page).
DROP TRIGGER IF EXISTS products_content_change;
CREATE TRIGGER products_content_change AFTER UPDATE ON products
  WHEN (OLD.id, OLD.slug, OLD.name, OLD.description, OLD.details, OLD.department_slug, OLD.department_name,
        OLD.category_slug, OLD.category_name, OLD.pre_sale, OLD.gift, OLD.price_cents, OLD.list_price_cents,
        OLD.discount_pct, OLD.popularity, OLD.created_at, OLD.available, OLD.published)
    IS NOT (NEW.id, NEW.slug, NEW.name, NEW.description, NEW.details, NEW.department_slug, NEW.department_name,
        NEW.category_slug, NEW.category_name, NEW.pre_sale, NEW.gift, NEW.price_cents, NEW.list_price_cents,
        NEW.discount_pct, NEW.popularity, NEW.created_at, NEW.available, NEW.published)
BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;

-- products_fts is an FTS5 table (no triggers of its own): a search row written or removed bumps through this view.
CREATE VIEW content_touch AS SELECT 1 AS touched WHERE 0;
CREATE TRIGGER content_touch INSTEAD OF INSERT ON content_touch BEGIN
  UPDATE content_version SET version = version + 1 WHERE id = 1;
END;
